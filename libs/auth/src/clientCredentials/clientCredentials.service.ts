import type { Knex } from '@datasync/db';
import { InvalidRequestError, NotFoundError, PermissionError } from '@datasync/errors';
import { writeAudit } from '../audit/audit.repository';
import { actorOf, type Caller, type CredentialScope } from '../caller';
import {
  countActiveCredentials,
  findActiveForVerification,
  findCredential,
  insertCredential,
  listCredentials,
  lockEnvironment,
  markRevoked,
  type ClientCredential,
} from './clientCredentials.repository';
import { CLIENT_ID_PATTERN, generateCredential, type ClientSecretHasher } from './clientSecret';

/** Two, so a credential can be rotated without downtime: create the new one, switch over, revoke the old. */
export const MAX_ACTIVE_CREDENTIALS = 2;

export interface CreatedCredential {
  credential: ClientCredential;
  /** The only moment the secret exists outside the caller's hands. */
  clientSecret: string;
}

export type ClientCaller = Extract<Caller, { kind: 'client' }>;

/** A verification's outcome; `knownClient` tells a wrong secret for a real client id from an unknown id. */
export type Verification = { ok: true; caller: ClientCaller } | { ok: false; knownClient: boolean };

export class ClientCredentialsService {
  private readonly revokeListeners: ((clientId: string) => void)[] = [];

  constructor(
    private readonly knex: Knex,
    private readonly hasher: ClientSecretHasher,
  ) {}

  /** Called after a revocation commits, e.g. to drop the credential from a verification cache. */
  onRevoke(listener: (clientId: string) => void): void {
    this.revokeListeners.push(listener);
  }

  /** `scope` defaults to the Accounts API; only a session or an admin credential may create an admin one. */
  async create(caller: Caller, scope: CredentialScope = 'accounts'): Promise<CreatedCredential> {
    if (scope === 'admin' && (caller.kind === 'provider' || (caller.kind === 'client' && caller.scope !== 'admin'))) {
      throw new PermissionError(
        'Only a dashboard session or an admin client credential can create an admin client credential.',
        'insufficient_scope',
      );
    }
    const { clientId, clientSecret } = generateCredential();
    const credential = await this.knex.transaction(async (trx) => {
      await lockEnvironment(trx, caller.environmentId);
      // Counted per scope: rotating the Accounts API's credential must not depend on how many admin ones exist.
      if ((await countActiveCredentials(trx, caller.environmentId, scope)) >= MAX_ACTIVE_CREDENTIALS) {
        throw new InvalidRequestError(
          `This environment already has ${MAX_ACTIVE_CREDENTIALS} active ${scope === 'admin' ? 'admin ' : ''}client credentials, the most it can have. ` +
            'Revoke one before creating another (to rotate: create the new one, move your integration to it, then revoke the old one).',
          { code: 'too_many_active_credentials' },
        );
      }
      const created = await insertCredential(trx, {
        environmentId: caller.environmentId,
        clientId,
        secretHash: this.hasher.hash(clientSecret),
        secretLast4: clientSecret.slice(-4),
        scope,
      });
      await writeAudit(trx, {
        organizationId: caller.organizationId,
        environmentId: caller.environmentId,
        actor: actorOf(caller),
        action: 'client_credential.created',
        target: clientId,
        details: { scope },
      });
      return created;
    });
    return { credential, clientSecret };
  }

  list(environmentId: string): Promise<ClientCredential[]> {
    return listCredentials(this.knex, environmentId);
  }

  /** Idempotent: revoking a revoked credential returns it unchanged. Another environment's is a 404. */
  async revoke(caller: Caller, clientId: string): Promise<ClientCredential> {
    const result = await this.knex.transaction(async (trx) => {
      const revoked = await markRevoked(trx, caller.environmentId, clientId);
      if (!revoked) return { credential: await findCredential(trx, caller.environmentId, clientId), changed: false };
      await writeAudit(trx, {
        organizationId: caller.organizationId,
        environmentId: caller.environmentId,
        actor: actorOf(caller),
        action: 'client_credential.revoked',
        target: clientId,
      });
      return { credential: revoked, changed: true };
    });
    if (!result.credential) throw new NotFoundError(`No client credential ${clientId} in this environment.`, 'client_id');
    if (result.changed) for (const listener of this.revokeListeners) listener(clientId);
    return result.credential;
  }

  /** The caller these credentials authenticate, or undefined when they do not. */
  async verify(clientId: string, clientSecret: string): Promise<ClientCaller | undefined> {
    const result = await this.check(clientId, clientSecret);
    return result.ok ? result.caller : undefined;
  }

  /** Like verify, and says whether a failure named an active client id (what failed-auth limits key on). */
  async check(clientId: string, clientSecret: string): Promise<Verification> {
    const found = CLIENT_ID_PATTERN.test(clientId) ? await findActiveForVerification(this.knex, clientId) : undefined;
    // Hash anyway when the id is unknown, so both failures take the same time.
    const ok = this.hasher.verify(clientSecret, found?.secretHash ?? '0'.repeat(64));
    if (!found || !ok) return { ok: false, knownClient: found !== undefined };
    return {
      ok: true,
      caller: {
        kind: 'client',
        environmentId: found.environmentId,
        organizationId: found.organizationId,
        clientId: found.clientId,
        scope: found.scope,
      },
    };
  }
}
