import type { AccountsService, AccountView, CredentialInput, DeleteResult, Registration } from '@datasync/accounts';
import type { Caller } from '@datasync/auth';
import { InvalidRequestError, NotFoundError, PermissionError } from '@datasync/errors';
import { providerModule } from '@datasync/providers';
import type { Sync } from '../../syncs/syncs.repository';
import type { SyncsService } from '../../syncs/syncs.service';

/**
 * The dashboard's Accounts tab: the accounts registered under a sync's source, through
 * libs/accounts (the code the public API runs), scoped to that source. An account of another
 * source answers 404 here, as it is not the sync's.
 */
export class SyncAccounts {
  constructor(
    private readonly accounts: AccountsService,
    private readonly syncs: SyncsService,
  ) {}

  /** One page of the source's accounts in identifier order, filtered by source in the query itself. */
  async list(
    caller: Caller,
    syncName: string,
    page: { limit: number; startingAfter?: string },
  ): Promise<{ sync: Sync; accounts: AccountView[]; hasMore: boolean }> {
    const sync = await this.syncs.get(caller, syncName);
    const after = page.startingAfter === undefined ? undefined : { sourceType: sync.provider, identifier: page.startingAfter };
    const read = await this.accounts.list(caller, { limit: page.limit, sourceId: sync.sourceId, startingAfter: after });
    return { sync, accounts: read.accounts, hasMore: read.hasMore };
  }

  /** Registers an account under the sync's source (spec §4.1's code path, the source named as `app`). */
  async register(
    caller: Caller,
    syncName: string,
    input: { credential: string; identifier?: string },
  ): Promise<{ sync: Sync; registration: Registration; view: AccountView }> {
    const sync = await this.syncs.get(caller, syncName);
    const registration = await this.accounts.register(caller, {
      sourceType: sync.provider,
      app: sync.sourceName,
      credential: parseCredential(sync.provider, input.credential),
      ...(input.identifier === undefined ? {} : { identifier: input.identifier }),
    });
    const view = await this.accounts.get(caller, { sourceType: sync.provider, identifier: registration.account.identifier });
    return { sync, registration, view };
  }

  async setActive(caller: Caller, syncName: string, identifier: string, active: boolean): Promise<AccountView> {
    const { sync } = await this.ownAccount(caller, syncName, identifier);
    await this.requireEarlyAccess(caller);
    await this.accounts.setActive(caller, { sourceType: sync.provider, identifier }, active);
    return this.accounts.get(caller, { sourceType: sync.provider, identifier });
  }

  /** Asks the loader to verify the account's tables against the provider now (not a beta call: it changes nothing). */
  async verify(caller: Caller, syncName: string, identifier: string): Promise<AccountView> {
    const { sync } = await this.ownAccount(caller, syncName, identifier);
    await this.accounts.verify(caller, { sourceType: sync.provider, identifier });
    return this.accounts.get(caller, { sourceType: sync.provider, identifier });
  }

  async delete(caller: Caller, syncName: string, identifier: string): Promise<DeleteResult> {
    const { sync } = await this.ownAccount(caller, syncName, identifier);
    await this.requireEarlyAccess(caller);
    return this.accounts.delete(caller, { sourceType: sync.provider, identifier });
  }

  private async ownAccount(caller: Caller, syncName: string, identifier: string): Promise<{ sync: Sync; account: AccountView }> {
    const sync = await this.syncs.get(caller, syncName);
    const account = await this.accounts.get(caller, { sourceType: sync.provider, identifier }).catch((err: unknown) => {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    });
    if (!account || account.sourceId !== sync.sourceId) {
      throw new NotFoundError(
        `No account "${identifier}" is registered under the source ${sync.sourceName} of the sync ${sync.name}.`,
        'identifier',
      );
    }
    return { sync, account };
  }

  // The same gate as the public API's beta calls (docs/accounts-api.md, Beta calls): the dashboard offers nothing more.
  private async requireEarlyAccess(caller: Caller): Promise<void> {
    if (await this.accounts.earlyAccess(caller.environmentId)) return;
    throw new PermissionError(
      'Pausing, resuming and deleting accounts are beta features: turn on early access for this environment in Settings first.',
      'feature_not_enabled',
    );
  }
}

/** One text field in the form, read by the provider's module (Stripe: a key, or a connected account's acct_… id). */
export function parseCredential(provider: string, value: string): CredentialInput {
  const { text } = providerModule(provider).credentials;
  const credential = text.credential(value.trim());
  if (credential) return credential;
  throw new InvalidRequestError(`credential must be ${text.rule}.`, { code: 'parameter_invalid', param: 'credential' });
}
