import { randomBytes } from 'node:crypto';

export interface AuthorizationGrant {
  platformId: string;
  accountId: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

const CODE_TTL_MS = 5 * 60_000;

/** Connect OAuth codes: random, single use, short-lived, as Stripe's are. */
export class AuthorizationCodes {
  private readonly grants = new Map<string, AuthorizationGrant>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  issue(platformId: string, accountId: string, scope: string): string {
    this.sweep();
    const code = `ac_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
    this.grants.set(code, { platformId, accountId, scope, expiresAt: this.now() + CODE_TTL_MS, used: false });
    return code;
  }

  /** The grant of a code, used or not; undefined when it never existed or expired long ago. */
  find(code: string): AuthorizationGrant | undefined {
    return this.grants.get(code);
  }

  isExpired(grant: AuthorizationGrant): boolean {
    return grant.expiresAt <= this.now();
  }

  // Used and expired codes stay for a while so that a second exchange says "already used"
  // rather than "does not exist"; past ten TTLs they are forgotten.
  private sweep(): void {
    const horizon = this.now() - 10 * CODE_TTL_MS;
    for (const [code, grant] of this.grants) if (grant.expiresAt < horizon) this.grants.delete(code);
  }
}
