import type http from 'node:http';

export interface HttpResult {
  status: number;
  headers: Headers;
  /** The body parsed as JSON; undefined when empty or not JSON (an HTML page, a form). */
  body: unknown;
  text: string;
}

export interface CallOptions {
  /** Sent as a form when a URLSearchParams, as JSON otherwise. */
  body?: unknown;
  /** An OAuth access token, sent as `Authorization: Bearer …`. */
  token?: string;
  headers?: Record<string, string>;
  /** Redirects are answered, not followed, unless asked: OAuth tests read their `Location`. */
  redirect?: 'manual' | 'follow';
}

/** Any HTTP call to an emulator under test at `baseUrl`, over real HTTP, as a provider's client makes it. */
export function httpCaller(baseUrl: string): (method: string, path: string, options?: CallOptions) => Promise<HttpResult> {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body instanceof URLSearchParams) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = options.body.toString();
    } else if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: options.redirect ?? 'manual' });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
}

/** Closes a test emulator's server, its open keep-alive connections too, so a test run can end. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
