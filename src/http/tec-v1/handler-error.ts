/**
 * The handler's own failure (`Create_Entity_Response`, `Update_Entity_Response`, `Delete_Entity_Response`): tec/v1
 * answers it as `{"error": "…"}` with a status, not as a WordPress error.
 *
 * @example
 * throw new HandlerError(404, 'The entity could not be read.') // answered 404 {"error": "The entity could not be read."}
 */
export class HandlerError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}
