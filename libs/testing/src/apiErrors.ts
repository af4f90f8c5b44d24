/**
 * The body both APIs answer a request with one invalid parameter with (libs/errors), written out
 * once: tests compare the whole body, so a field added or renamed there fails them.
 */
export function parameterInvalid(param: string, message: string) {
  return { type: 'invalid_request_error', code: 'parameter_invalid', param, message, errors: [{ param, message }] };
}
