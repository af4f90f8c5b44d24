import { ProviderRequestError, type VerifiedAccount } from '@datasync/providers';
import type { AccountConnection } from '../access/providerAccess';
import type { AccountRecord } from '../targets/targets.repository';

/**
 * The attach's check of the account's credential with the provider, made at most once and only
 * when the attach needs it: registration already verified the credential and stored the provider
 * account id and `created`, so an attach asks the provider nothing for it. It is asked when an
 * account in error is attached again (a working credential is part of "the cause is gone"), and
 * before a new run's first page of an account registered before `created` was kept.
 */
export class CredentialCheck {
  private verified: Promise<VerifiedAccount> | undefined;
  private failure: unknown;

  constructor(
    private readonly connection: AccountConnection,
    private readonly account: AccountRecord,
  ) {}

  /** The provider's answer for the credential; throws when it refuses it or names another account. */
  verifiedAccount(): Promise<VerifiedAccount> {
    this.verified ??= this.connection.connector.verify(this.connection.credential).then((verified) => {
      assertSameAccount(this.account, verified);
      return verified;
    });
    return this.verified.catch((err: unknown) => {
      this.failure = err;
      throw err;
    });
  }

  /** The account's `created` for a new run's plan: as registration kept it, else from a verification. */
  async createdHint(): Promise<number> {
    return this.account.providerCreated ?? (await this.verifiedAccount()).created;
  }

  /** Whether the attach needs the verification before a new run's first page (see createdHint). */
  get neededToPlan(): boolean {
    return this.account.providerCreated === null;
  }

  /** Whether `err` is this check's failure: it concerns the account, not one destination. */
  failedWith(err: unknown): boolean {
    return this.failure !== undefined && err === this.failure;
  }
}

// The same key may one day answer for another account (a key rotated to a different account):
// loading that data under this account's identifier would mix two customers' rows.
function assertSameAccount(account: AccountRecord, verified: VerifiedAccount): void {
  if (verified.accountId !== account.externalId) {
    throw new ProviderRequestError(
      `the stored credential now belongs to the provider account ${verified.accountId}, not ${account.externalId}; register the account again with its own key`,
      'account_mismatch',
      undefined,
    );
  }
}
