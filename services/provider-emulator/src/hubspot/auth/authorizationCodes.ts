import { randomUUID } from 'node:crypto';

interface PendingCode {
  clientId: string;
  redirectUri: string;
  portalId: number;
  scopes: string[];
  expiresAt: number;
}

const CODE_TTL_MS = 10 * 60_000;

/** Codes from the consent page, single use and short-lived; in memory only (a restart voids them, harmlessly). */
export class AuthorizationCodes {
  private readonly codes = new Map<string, PendingCode>();

  issue(grant: Omit<PendingCode, 'expiresAt'>): string {
    const code = randomUUID();
    this.codes.set(code, { ...grant, expiresAt: Date.now() + CODE_TTL_MS });
    return code;
  }

  redeem(code: string): PendingCode | undefined {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    return grant && grant.expiresAt > Date.now() ? grant : undefined;
  }
}
