import { emitAccountEvent } from '@datasync/webhooks';
import { actorOf, writeAudit, type Caller } from '@datasync/auth';
import type { SecretBox } from '@datasync/crypto';
import { accountFence, DEFAULT_FENCE_WAIT_MS, waitOutFence, type Knex } from '@datasync/db';
import { NotFoundError } from '@datasync/errors';
import type { ProviderVerifier } from '@datasync/providers';
import {
  deleteDeletingRow,
  findByIdentity,
  lockByIdentity,
  markDeleting,
  requestResync,
  updateActiveOrRead,
  type Account,
  type AccountIdentity,
  type AccountWithSource,
} from './accounts.repository';
import { findAccountView, listAccountViews, type AccountView } from './accountViews.reader';
import { SOURCE_FORM_PARAMS, SPEC_FORM_PARAMS, type CredentialInput } from './credentials';
import { isEarlyAccessEnabled } from './environments.reader';
import { noLoaderHooks, type AccountHooks } from './commitHooks/hookTypes';
import { applyProviderGrant, type ProviderCaller, type ProviderGrantEvent, type ProviderGrantOutcome } from './providerLifecycle';
import { registerAccount, type Registration } from './register';
import { appCredential, resolveSourceByName, resolveSourceByType } from './sourceResolution';
import type { AccountStatus } from './status';
import { waitForWritesStopped } from './writesStopped';

export interface AccountsServiceOptions {
  knex: Knex;
  secretBox: SecretBox;
  verify: ProviderVerifier;
  /** How long a delete waits for the purge before answering that it goes on (docs/incremental-sync.md, Delete). */
  deleteWaitMs: number;
  /** How long a pause waits for the loader's writes in flight (libs/db writeFence.ts); DEFAULT_FENCE_WAIT_MS. */
  fenceWaitMs?: number;
  hooks?: Partial<AccountHooks>;
}

export type { AccountView };

export type DeleteResult = { deleted: true; account: Account } | { deleted: false; account: Account };

export interface ListOptions {
  limit: number;
  startingAfter?: { sourceType: string; identifier: string };
  sourceType?: string;
  sourceId?: string;
  active?: boolean;
  status?: AccountStatus;
}

function notFound(identity: Pick<AccountIdentity, 'sourceType' | 'identifier'>): NotFoundError {
  return new NotFoundError(`No ${identity.sourceType} account with identifier "${identity.identifier}" in this environment.`, 'identifier');
}

/** Register, toggle, delete and read accounts: the one code path of the API, the dashboard and the Link page. */
export class AccountsService {
  private readonly hooks: AccountHooks;

  constructor(private readonly options: AccountsServiceOptions) {
    this.hooks = { ...noLoaderHooks, ...options.hooks };
  }

  /** POST /accounts (spec §4.1). */
  async register(
    caller: Caller,
    input: { sourceType: string; credential: CredentialInput; app?: string; identifier?: string },
  ): Promise<Registration> {
    const source = await resolveSourceByType(this.options.knex, caller.environmentId, input.sourceType, input.app, SPEC_FORM_PARAMS);
    return this.registered(
      await registerAccount(this.options, caller, { source, credential: input.credential, identifier: input.identifier }, SPEC_FORM_PARAMS),
    );
  }

  /** POST /sources/{sourceName}/accounts (spec §4.2): an account connected to the source's app. */
  async registerForSource(
    caller: Caller,
    input: { sourceName: string; credentialType: string; accountId: string; identifier?: string },
  ): Promise<Registration> {
    const source = await resolveSourceByName(
      this.options.knex,
      caller.environmentId,
      input.sourceName,
      input.credentialType,
      SOURCE_FORM_PARAMS,
    );
    const credential: CredentialInput = appCredential(source.provider, input.accountId);
    return this.registered(
      await registerAccount(this.options, caller, { source, credential, identifier: input.identifier }, SOURCE_FORM_PARAMS),
    );
  }

  /**
   * The provider connected (`authorized`) or disconnected an account to the source's app: a
   * verified Connect lifecycle event, applied for a source that opted in (docs/webhooks.md).
   */
  applyProviderGrant(caller: ProviderCaller, event: ProviderGrantEvent): Promise<ProviderGrantOutcome> {
    return applyProviderGrant(this.options, this.hooks, caller, event);
  }

  /** Whether the beta calls (toggle, delete) are on for this environment. */
  earlyAccess(environmentId: string): Promise<boolean> {
    return isEarlyAccessEnabled(this.options.knex, environmentId);
  }

  /**
   * Without a webhook endpoint for its event, one statement, no transaction: the hot beta call
   * costs two round trips (the endpoints, then the change). Unlike registration and
   * deletion it leaves no audit record; the row's updated_at says when it last changed.
   */
  async setActive(caller: Caller, identity: { sourceType: string; identifier: string }, active: boolean): Promise<Account> {
    const full = { environmentId: caller.environmentId, ...identity };
    const eventType = active ? 'account.resumed' : 'account.paused';
    // The integrator event commits with the toggle (libs/webhooks' outbox). Most environments have
    // no endpoint for it: then the toggle is one statement, which changes nothing when one does,
    // and the toggle is made again in a transaction with its event. An endpoint created while this
    // call runs may miss its event, as one created just after it would.
    const quick = await updateActiveOrRead(this.options.knex, full, active, { type: eventType, gated: true });
    const result = !quick?.eventsWanted
      ? quick
      : await this.options.knex.transaction(async (trx) => {
          const updated = await updateActiveOrRead(trx, full, active, { type: eventType, gated: false });
          if (updated?.changed) await emitAccountEvent(trx, updated.account.id, eventType);
          return updated;
        });
    if (result?.changed) {
      await this.hooks.afterAccountToggled(result.account);
      if (!active) await this.writesStopped(result.account.id);
      return result.account;
    }
    // Nothing changed: the account already had that state, is being deleted, or there is none.
    let found: Account | undefined = result?.account;
    // Found as of before another call changed it to this state (the UPDATE waited for that call and
    // then had nothing to do): the row as it is now, as a second statement reads it.
    if (found && !found.deletingAt && found.active !== active) found = await findByIdentity(this.options.knex, full);
    if (!found || found.deletingAt) throw notFound(identity);
    // A repeated pause waits too: one that answered 503 (writes_in_flight) is made good by repeating it.
    if (!found.active) await this.writesStopped(found.id);
    return found;
  }

  /**
   * Marks the account deleting, waits up to the bound for its purge, then removes it. Past the
   * bound the purge goes on and the account reads as `deleting` until it is gone; deleting it
   * again meanwhile answers that at once.
   */
  async delete(caller: Caller, identity: { sourceType: string; identifier: string }): Promise<DeleteResult> {
    const { account: marked, alreadyDeleting } = await this.options.knex.transaction(async (trx) => {
      const found = await lockByIdentity(trx, { environmentId: caller.environmentId, ...identity });
      if (!found) throw notFound(identity);
      if (found.deletingAt) return { account: found, alreadyDeleting: true };
      // Sent when the deletion is accepted, while the account row still names it.
      await emitAccountEvent(trx, found.id, 'account.deleted');
      return { account: await markDeleting(trx, found.id), alreadyDeleting: false };
    });
    // A delete already under way is answered at once: each repeat opening a wait of its own would
    // let a client loop DELETE into holding every request slot and database connection.
    if (alreadyDeleting) return { deleted: false, account: marked };
    const deadline = Date.now() + this.options.deleteWaitMs;
    // The loader's writes in flight end first (each reads the account deleting after them, and
    // writes nothing): past the bound the purge, which waits for them too, goes on.
    if (!(await waitOutFence(this.options.knex, accountFence(marked.id), this.options.deleteWaitMs))) {
      return { deleted: false, account: marked };
    }
    if (!(await this.purgedWithin(marked, deadline - Date.now()))) return { deleted: false, account: marked };
    await this.options.knex.transaction(async (trx) => {
      // The loader's purge removes the account itself once its rows are gone (with the audit
      // record), so that a delete past the bound finishes too: a row already gone is done.
      if (!(await deleteDeletingRow(trx, marked.id))) return;
      await writeAudit(trx, {
        ...this.audit(caller, marked),
        action: 'account.deleted',
        details: { external_id: marked.externalId },
      });
    });
    return { deleted: true, account: marked };
  }

  /**
   * POST /accounts/{type}/{id}/resync: asks the loader for a full read of the account's tables,
   * swapped in only when complete. The account keeps loading meanwhile.
   */
  async resync(caller: Caller, identity: { sourceType: string; identifier: string }): Promise<AccountWithSource> {
    const found = await findByIdentity(this.options.knex, { environmentId: caller.environmentId, ...identity });
    if (!found || found.deletingAt) throw notFound(identity);
    await requestResync(this.options.knex, found.id);
    await this.hooks.resyncAccount(found);
    return found;
  }

  /**
   * POST /accounts/{type}/{id}/verify: asks the loader to compare every loaded table of the
   * account with the provider and repair what differs. Nothing is stored: a lost request is made
   * good by the loader's rolling schedule.
   */
  async verify(caller: Caller, identity: { sourceType: string; identifier: string }): Promise<AccountWithSource> {
    const found = await findByIdentity(this.options.knex, { environmentId: caller.environmentId, ...identity });
    if (!found || found.deletingAt) throw notFound(identity);
    await this.hooks.verifyAccount(found);
    return found;
  }

  async get(caller: Caller, identity: { sourceType: string; identifier: string }): Promise<AccountView> {
    const found = await findAccountView(this.options.knex, { environmentId: caller.environmentId, ...identity });
    if (!found) throw notFound(identity);
    return found;
  }

  /** One page and whether more follow; `limit + 1` rows are read to know. */
  async list(caller: Caller, options: ListOptions): Promise<{ accounts: AccountView[]; hasMore: boolean }> {
    const views = await listAccountViews(this.options.knex, {
      environmentId: caller.environmentId,
      limit: options.limit + 1,
      after: options.startingAfter,
      sourceType: options.sourceType,
      sourceId: options.sourceId,
      active: options.active,
      status: options.status,
    });
    return { accounts: views.slice(0, options.limit), hasMore: views.length > options.limit };
  }

  private async registered(registration: Registration): Promise<Registration> {
    await this.hooks.afterAccountCommitted(registration.account, { created: !registration.alreadyExisted });
    return registration;
  }

  /**
   * After a pause committed: waits until no write of the loader's is in flight for the account,
   * so that none lands once the call has answered (libs/db writeFence.ts).
   */
  private async writesStopped(accountId: string): Promise<void> {
    const waitMs = this.options.fenceWaitMs ?? DEFAULT_FENCE_WAIT_MS;
    await waitForWritesStopped(this.options.knex, accountFence(accountId), waitMs, 'The account is paused');
  }

  private async purgedWithin(account: Account, waitMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, waitMs));
    });
    try {
      return await Promise.race([this.hooks.purgeAccount(account).then(() => true as const), bound]);
    } finally {
      clearTimeout(timer);
    }
  }

  private audit(caller: Caller, account: Account) {
    return {
      organizationId: caller.organizationId,
      environmentId: caller.environmentId,
      actor: actorOf(caller),
      target: `${account.sourceType}/${account.identifier}`,
    };
  }
}
