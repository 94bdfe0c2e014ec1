import { CalendarError } from '../../core/errors.js'

/**
 * The sentence a client of TEC's experimental endpoints sends in `X-TEC-EEA` to say it accepts that they may change
 * (`Endpoint::get_experimental_acknowledgement()` in TEC's common library); TEC's MCP server sends it.
 */
export const ACKNOWLEDGEMENT =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.'

/**
 * Refuses a request to an experimental endpoint without the acknowledgement (`Endpoint::assure_experimental_acknowledgement()`):
 * the header missing or empty, or another text once trimmed and lower-cased. Every tec/v1 endpoint but the
 * namespace index and `/docs` is experimental in TEC 6.17.2.
 *
 * @example
 * assertAcknowledged(request.headers.get('x-tec-eea'))
 * @throws CalendarError 400 `missing_experimental_endpoint_acknowledgement`.
 */
export function assertAcknowledged(header: string | null): void {
  if (!header) throw refused('Experimental endpoint requires acknowledgement header.')
  if (header.trim().toLowerCase() !== ACKNOWLEDGEMENT.toLowerCase())
    throw refused('Experimental endpoint requires appropriate acknowledgement header.')
}

function refused(message: string): CalendarError {
  return new CalendarError('missing_experimental_endpoint_acknowledgement', 400, message)
}
