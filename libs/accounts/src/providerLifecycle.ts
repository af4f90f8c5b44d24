import { actorOf, callerDetails, writeAudit, type Caller } from '@datasync/auth';
import { accountFence, DEFAULT_FENCE_WAIT_MS, waitOutFence, type Knex } from '@datasync/db';
import { InvalidRequestError, NotFoundError } from '@datasync/errors';
import { emitAccountEvent } from '@datasync/webhooks';
import type { Account } from './accounts.repository';
import type { AccountHooks } from './commitHooks/hookTypes';
import { SOURCE_FORM_PARAMS } from './credentials';
import { lockGrant, lockProviderAccounts, saveGrant, setActiveByProvider, type ProviderAccount } from './providerGrants.repository';
import { verifyRegistration, writeRegistration, type RegisterDeps, type VerifiedRegistration } from './register';
import { appCredential } from './sourceResolution';
import { findSourceById, type SourceRef } from './sources.reader';

export type ProviderCaller = Extract<Caller, { kind: 'provider' }>;

/** A verified `account.application.authorized` / `deauthorized` event of a source opted in to the lifecycle. */
export interface ProviderGrantEvent {
  /** The connected account (`acct_…`): the event's `account`. */
  externalId: string;
  authorized: boolean;
  /** The event's `created`, unix seconds: orders two events of one account. */
  created: number;
}

/**
 * - `registered`, `paused`, `resumed`: what was done, to `accounts` accounts;
 * - `unchanged`: applied, nothing to do (already so, or paused by the integrator);
 * - `stale`: the event is the one applied last, or older than it: ignored;
 * - `refused`: an `authorized` whose registration was refused (the identifier is taken, the
 *   provider says the account is not connected any more…): recorded, nothing registered.
 */
export type ProviderGrantOutcome =
  { kind: 'registered' | 'paused' | 'resumed' | 'unchanged' | 'stale'; accounts: number } | { kind: 'refused'; accounts: 0; code: string };

interface Applied {
  outcome: ProviderGrantOutcome;
  toggled: Account[];
  registered?: Account;
}

/** What the provider said of an unknown account: ready to register, or refused with a code. */
type Verification = { kind: 'verified'; registration: VerifiedRegistration } | { kind: 'refused'; code: string };

// Passes of the transaction: one that finds registration needed, one after the verification, and
// one more should the row ON CONFLICT saw be deleted before it was locked.
const PASSES = 3;

/**
 * The provider connected or disconnected one of its accounts to the source's app (docs/webhooks.md,
 * "Connect lifecycle"). `authorized` registers an unknown account through the same path as the
 * Link page (so loading starts at once) or resumes one the provider paused; `deauthorized` pauses
 * the account (its rows stay). Serialised per provider account, and ordered by the event's
 * `created`: a replay, or a `deauthorized` older than the `authorized` applied last, changes nothing.
 */
export async function applyProviderGrant(
  deps: RegisterDeps,
  hooks: AccountHooks,
  caller: ProviderCaller,
  event: ProviderGrantEvent,
): Promise<ProviderGrantOutcome> {
  const source = await findSourceById(deps.knex, caller.environmentId, caller.sourceId);
  if (!source) throw new NotFoundError('No such source.', 'source_id');
  const ref = { sourceId: source.id, externalId: event.externalId };
  // The provider is never asked inside the transaction: a burst of events would otherwise hold
  // every pooled connection while each waited for the provider and then for a second connection.
  // A pass that finds the account must be registered ends (changing nothing); the account is
  // verified with no connection held, and the next pass writes everything in one transaction.
  let verification: Verification | undefined;
  for (let pass = 1; ; pass += 1) {
    const applied = await deps.knex.transaction(async (trx): Promise<Applied | 'verify'> => {
      const last = await lockGrant(trx, ref);
      if (last && (last.eventId === caller.eventId || event.created < last.eventCreated)) {
        return { outcome: { kind: 'stale', accounts: 0 }, toggled: [] };
      }
      const accounts = await lockProviderAccounts(trx, ref);
      if (event.authorized && accounts.length === 0 && !verification) return 'verify';
      const result = event.authorized
        ? await authorize(deps, trx, caller, source, accounts, verification)
        : await deauthorize(trx, caller, source, accounts);
      if (result === 'verify') return result;
      await saveGrant(trx, ref, { authorized: event.authorized, eventId: caller.eventId, eventCreated: event.created });
      return result;
    });
    if (applied === 'verify') {
      if (pass >= PASSES) throw new Error('connected account registration kept racing with deletes');
      verification = await verifyConnected(deps, caller, source, event.externalId);
      continue;
    }
    // The loader's jobs after the commit, as for any registration or toggle.
    if (applied.registered) await hooks.afterAccountCommitted(applied.registered, { created: true });
    for (const account of applied.toggled) await hooks.afterAccountToggled(account);
    // A pause by the provider waits for the loader's writes in flight like the integrator's (libs/db
    // writeFence.ts); past the bound the event is still applied (the writes see the pause and stop).
    for (const account of applied.toggled.filter((a) => !a.active)) {
      await waitOutFence(deps.knex, accountFence(account.id), DEFAULT_FENCE_WAIT_MS);
    }
    return applied.outcome;
  }
}

/** Asks the provider about the connected account, as a registration through the source's app would. */
async function verifyConnected(deps: RegisterDeps, caller: ProviderCaller, source: SourceRef, externalId: string): Promise<Verification> {
  try {
    const credential = appCredential(source.provider, externalId);
    return { kind: 'verified', registration: await verifyRegistration(deps, caller, { source, credential }, SOURCE_FORM_PARAMS) };
  } catch (err) {
    if (err instanceof InvalidRequestError) return { kind: 'refused', code: err.code ?? 'refused' };
    throw err;
  }
}

async function authorize(
  deps: RegisterDeps,
  trx: Knex.Transaction,
  caller: ProviderCaller,
  source: SourceRef,
  accounts: ProviderAccount[],
  verification: Verification | undefined,
): Promise<Applied | 'verify'> {
  if (accounts.length === 0 && verification) {
    if (verification.kind === 'refused') return { outcome: { kind: 'refused', accounts: 0, code: verification.code }, toggled: [] };
    try {
      const registration = await writeRegistration(deps, trx, caller, verification.registration);
      // The row ON CONFLICT saw was deleted before it could be locked: another pass.
      if (!registration) return 'verify';
      return registration.alreadyExisted
        ? { outcome: { kind: 'unchanged', accounts: 1 }, toggled: [] }
        : { outcome: { kind: 'registered', accounts: 1 }, toggled: [], registered: registration.account };
    } catch (err) {
      if (err instanceof InvalidRequestError)
        return { outcome: { kind: 'refused', accounts: 0, code: err.code ?? 'refused' }, toggled: [] };
      throw err;
    }
  }
  // Only a pause that was the provider's own is undone: one by the integrator stays theirs.
  const toggled: Account[] = [];
  for (const account of accounts.filter((a) => !a.active && a.pausedByProvider)) {
    toggled.push(await toggle(trx, caller, source, account, true));
  }
  return { outcome: { kind: toggled.length > 0 ? 'resumed' : 'unchanged', accounts: toggled.length }, toggled };
}

async function deauthorize(
  trx: Knex.Transaction,
  caller: ProviderCaller,
  source: SourceRef,
  accounts: ProviderAccount[],
): Promise<Applied> {
  const toggled: Account[] = [];
  for (const account of accounts.filter((a) => a.active)) toggled.push(await toggle(trx, caller, source, account, false));
  return { outcome: { kind: toggled.length > 0 ? 'paused' : 'unchanged', accounts: toggled.length }, toggled };
}

async function toggle(
  trx: Knex.Transaction,
  caller: ProviderCaller,
  source: SourceRef,
  account: Account,
  active: boolean,
): Promise<Account> {
  const updated = await setActiveByProvider(trx, account.id, active);
  await emitAccountEvent(trx, account.id, active ? 'account.resumed' : 'account.paused');
  await writeAudit(trx, {
    organizationId: caller.organizationId,
    environmentId: caller.environmentId,
    actor: actorOf(caller),
    action: active ? 'account.resumed' : 'account.paused',
    target: `${account.sourceType}/${account.identifier}`,
    details: { source: source.name, external_id: account.externalId, ...callerDetails(caller) },
  });
  return updated;
}
