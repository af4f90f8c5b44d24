// The dashboard's only way to the server: JSON over /api/v1 with the session cookie, and the
// CSRF token on every state-changing request. The token lives in this module's memory only,
// never in storage or a URL; a reload fetches it again from GET /session.

const BASE = '/api/v1';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let csrfToken = null;
let onSessionLost = () => undefined;

export function setCsrfToken(token) {
  csrfToken = token;
}

/** Called when a request answers 401 (the session expired or was logged out elsewhere). */
export function whenSessionLost(fn) {
  onSessionLost = fn;
}

/** A refused or failed request, with the API's flat error body ({ type, message, code, param, errors }). */
export class ApiFailure extends Error {
  constructor(status, body) {
    super(body?.message ?? `The request failed (${status}).`);
    this.status = status;
    this.body = body ?? {};
  }

  get code() {
    return this.body.code;
  }

  /** Field errors: `errors` when the API listed several, else the single `param`. */
  get fieldErrors() {
    if (Array.isArray(this.body.errors) && this.body.errors.length > 0) return this.body.errors;
    return this.body.param ? [{ param: this.body.param, message: this.body.message }] : [];
  }
}

export async function request(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (STATE_CHANGING.has(method) && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response;
  try {
    response = await fetch(BASE + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiFailure(0, { message: 'The service could not be reached. Check your connection and try again.' });
  }
  if (response.status === 204) return null;
  let data;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const failure = new ApiFailure(response.status, data ?? { message: `The service answered ${response.status}.` });
    if (response.status === 401 && path !== '/login' && path !== '/session') onSessionLost(failure);
    throw failure;
  }
  return data;
}

export const api = {
  get: (path) => request('GET', path),
  post: (path, body = {}) => request('POST', path, body),
  put: (path, body = {}) => request('PUT', path, body),
  patch: (path, body = {}) => request('PATCH', path, body),
  delete: (path) => request('DELETE', path),
};

/** A path segment from a name typed by a person (names are validated, but never trusted). */
export const seg = (value) => encodeURIComponent(value);

let catalog;
/** The engines, providers and resources the dropdowns offer; fetched once per page load. */
export async function loadCatalog() {
  if (!catalog) {
    const response = await fetch('/dashboard/catalog.json', { credentials: 'same-origin' });
    if (!response.ok) throw new ApiFailure(response.status, { message: 'The catalog of engines and providers could not be loaded.' });
    catalog = await response.json();
  }
  return catalog;
}
