import type { HubspotTestEmulator } from './hubspotTestEmulator';

export interface PortalStats {
  requests: number;
  injected_errors: number;
  resets: number;
  by_status: Record<string, number>;
}

/** What the emulator served a portal (counted before any injected latency). */
export const portalStats = (emulator: HubspotTestEmulator, portalId: number): Promise<PortalStats> =>
  emulator.admin<PortalStats>('GET', `/portals/${portalId}/stats`);

/** Calls HubSpot's own API on the emulator with a token (to archive, merge, GDPR-delete in tests). */
export async function hubspotCall(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}
