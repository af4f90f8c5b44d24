import { writeAudit } from '@datasync/auth';
import type { SecretBox } from '@datasync/crypto';
import { sealedPlace, TABLES, type Knex } from '@datasync/db';
import { credentialKind, type CredentialKindSpec, type RefreshedToken, type TokenStore } from '@datasync/providers';

/** A token replacement the account cannot take: its kind keeps no secret, or is not refreshable. */
export class CredentialNotRefreshableError extends Error {
  constructor(readonly accountId: string) {
    super(`the credential of account ${accountId} is not a refreshable token`);
    this.name = 'CredentialNotRefreshableError';
  }
}

interface TokenOwner {
  id: string;
  environment_id: string;
  organization_id: string;
  source_id: string;
  source_type: string;
  identifier: string;
  credential_kind: string;
}

/**
 * Replaces an account's sealed credential with the token its provider issued in exchange
 * (a rotated refresh token, a new access token and its expiry). The token is sealed for the
 * account's row like every credential, and the audit record says what changed and when, never
 * the token: this path has no logger and its errors name only the account.
 */
export interface TokenStoreDeps {
  knex: Knex;
  secretBox: SecretBox;
  /** Which kinds keep a refreshable secret; the provider modules' registry unless given (tests). */
  kindOf?: (provider: string, kind: string) => CredentialKindSpec | undefined;
}

export async function replaceAccountToken(deps: TokenStoreDeps, accountId: string, token: RefreshedToken): Promise<void> {
  await deps.knex.transaction(async (trx) => {
    const owner = (await trx(`${TABLES.accounts} as a`)
      .join(`${TABLES.environments} as e`, 'e.id', 'a.environment_id')
      .where('a.id', accountId)
      .forUpdate()
      .first('a.id', 'a.environment_id', 'e.organization_id', 'a.source_id', 'a.source_type', 'a.identifier', 'a.credential_kind')) as
      TokenOwner | undefined;
    const kind = owner && (deps.kindOf ?? credentialKind)(owner.source_type, owner.credential_kind);
    if (!owner || !kind?.sealed || !kind.refreshable) throw new CredentialNotRefreshableError(accountId);
    await trx(TABLES.accounts)
      .where({ id: accountId })
      .update({
        credential_secret: deps.secretBox.seal(token.secret, owner.environment_id, sealedPlace('accountCredential', accountId)),
        credential_expires_at: token.expiresAt,
        credential_updated_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      });
    await writeAudit(trx, {
      organizationId: owner.organization_id,
      environmentId: owner.environment_id,
      actor: `provider:${owner.source_id}`,
      action: 'account.credential_refreshed',
      target: `${owner.source_type}/${owner.identifier}`,
      details: { credential_kind: owner.credential_kind, expires_at: token.expiresAt?.toISOString() ?? null },
    });
  });
}

/** The TokenStore a provider module's refresh writes into (providerModule.ts, RefreshableTokens). */
export function accountTokenStore(deps: TokenStoreDeps): TokenStore {
  return { replace: (accountId, token) => replaceAccountToken(deps, accountId, token) };
}
