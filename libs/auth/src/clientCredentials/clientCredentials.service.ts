import type { Knex } from '@datasync/db';
import { InvalidRequestError, NotFoundError } from '@datasync/errors';
import { writeAudit } from '../audit/audit.repository';
import { actorOf, type Caller } from '../caller';
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

  async create(caller: Caller): Promise<CreatedCredential> {
    const { clientId, clientSecret } = generateCredential();
    const credential = await this.knex.transaction(async (trx) => {
      await lockEnvironment(trx, caller.environmentId);
      if ((await countActiveCredentials(trx, caller.environmentId)) >= MAX_ACTIVE_CREDENTIALS) {
        throw new InvalidRequestError(
          `This environment already has ${MAX_ACTIVE_CREDENTIALS} active client credentials, the most it can have. ` +
            'Revoke one before creating another (to rotate: create the new one, move your integration to it, then revoke the old one).',
          { code: 'too_many_active_credentials' },
        );
      }
      const created = await insertCredential(trx, {
        environmentId: caller.environmentId,
        clientId,
        secretHash: this.hasher.hash(clientSecret),
        secretLast4: clientSecret.slice(-4),
      });
      await writeAudit(trx, {
        organizationId: caller.organizationId,
        environmentId: caller.environmentId,
        actor: actorOf(caller),
        action: 'client_credential.created',
        target: clientId,
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
    const found = CLIENT_ID_PATTERN.test(clientId) ? await findActiveForVerification(this.knex, clientId) : undefined;
    // Hash anyway when the id is unknown, so both failures take the same time.
    const ok = this.hasher.verify(clientSecret, found?.secretHash ?? '0'.repeat(64));
    if (!found || !ok) return undefined;
    return { kind: 'client', environmentId: found.environmentId, organizationId: found.organizationId, clientId: found.clientId };
  }
}
