/**
 * The error every core call throws: the contract's error table (docs/errors.md) as a value.
 * `http/` turns it into `{ code, message, data: { status, ...data } }` with `status` as the HTTP status.
 *
 * @example
 * try { calendar.events.get(99) } catch (e) { if (e instanceof CalendarError) console.log(e.code, e.status) }
 */
export class CalendarError extends Error {
  readonly code: string
  readonly status: number
  readonly data: Record<string, unknown>
  /**
   * WordPress's `additional_data`: what was given to the error before its last data, oldest first
   * (`WP_Error::add_data()`, as `rest_convert_error_to_response()` sends it); empty for most errors.
   */
  readonly additional: readonly unknown[]
  /** WordPress's `additional_errors`: the other errors answered with this one (`rest_convert_error_to_response()`). */
  readonly others: readonly CalendarError[]

  constructor(
    code: string,
    status: number,
    message: string,
    data: Record<string, unknown> = {},
    additional: readonly unknown[] = [],
    others: readonly CalendarError[] = [],
  ) {
    super(message)
    this.name = 'CalendarError'
    this.code = code
    this.status = status
    this.data = data
    this.additional = additional
    this.others = others
  }

  /**
   * The wire body of docs/errors.md: `{ code, message, data: { status, ... } }`, then `additional_data` and
   * `additional_errors` if any.
   */
  toJSON(): {
    code: string
    message: string
    data: Record<string, unknown>
    additional_data?: unknown[]
    additional_errors?: unknown[]
  } {
    const body = { code: this.code, message: this.message, data: { status: this.status, ...this.data } }
    return {
      ...body,
      ...(this.additional.length === 0 ? {} : { additional_data: [...this.additional] }),
      ...(this.others.length === 0 ? {} : { additional_errors: this.others.map((other) => other.toJSON()) }),
    }
  }
}

/**
 * 400 `rest_invalid_param` with `data.params` `{ name: reason }` (docs/errors.md) and WordPress's `data.details`,
 * empty as `WP_REST_Request::has_valid_params()` leaves it when no check returned an error object.
 */
export function invalidParams(params: Record<string, string>): CalendarError {
  const names = Object.keys(params).join(', ')
  return new CalendarError('rest_invalid_param', 400, `Invalid parameter(s): ${names}`, { params, details: [] })
}

/** 400 `rest_invalid_param` for one parameter. */
export function invalidParam(name: string, reason: string): CalendarError {
  return invalidParams({ [name]: reason })
}

/** 400 `rest_missing_callback_param` with `data.params` listing the missing names (docs/errors.md). */
export function missingParams(names: string[]): CalendarError {
  return new CalendarError('rest_missing_callback_param', 400, `Missing parameter(s): ${names.join(', ')}`, {
    params: names,
  })
}

/** 404 `rest_no_route` (docs/errors.md). */
export function noRoute(): CalendarError {
  return new CalendarError('rest_no_route', 404, 'No route was found matching the URL and request method.')
}
