import { actorOf, writeAudit, type Caller } from '@datasync/auth';
import type { SecretBox } from '@datasync/crypto';
import { randomUUID } from 'node:crypto';
import { sealedPlace, type Knex } from '@datasync/db';
import { InvalidRequestError, NotFoundError, ValidationError } from '@datasync/errors';
import { RATE_BUDGET_PERCENT, type ProviderVerifier } from '@datasync/providers';
import { isForeignKeyViolation, isUniqueViolation } from '../destinations/dbErrors';
import {
  SOURCE_NAME_UNIQUE,
  deleteSourceRow,
  findSourceByName,
  findSourceSecret,
  insertSource,
  listSources,
  syncNamesUsingSource,
  updateSourceCredential,
  updateSourceSettings,
  type Source,
  type VerifiedSourceValues,
} from './sources.repository';
import { verifySourceKey } from './verifySource';

export interface SourceInput {
  name: string;
  provider: string;
  privateKey: string;
  /** Absent or null: the source has none, and the Link page offers only the pasted key. */
  oauthClientId?: string | null;
  /** Absent: the default share (RATE_BUDGET_PERCENT.default). */
  rateBudgetPercent?: number;
}

/** What PATCH /sources/{name} changes; the key has its own verified path. */
export interface SourceUpdate {
  oauthClientId?: string | null;
  rateBudgetPercent?: number;
}

function nameTaken(name: string): InvalidRequestError {
  return new InvalidRequestError(`A source named ${name} already exists in this environment. Choose another name.`, {
    code: 'resource_already_exists',
    param: 'name',
  });
}

function notFound(name: string): NotFoundError {
  return new NotFoundError(`No source named ${name} in this environment.`, 'name');
}

function inUse(name: string, syncs: string[]): InvalidRequestError {
  const list = syncs.length > 0 ? `: ${syncs.join(', ')}` : '';
  return new InvalidRequestError(`The source ${name} is used by a sync${list}. Delete the sync first.`, {
    code: 'source_in_use',
    param: 'name',
  });
}

/** Sources of the caller's environment: verified with the provider before they are stored, key sealed. */
export class SourcesService {
  constructor(
    private readonly knex: Knex,
    private readonly secretBox: SecretBox,
    private readonly verify: ProviderVerifier,
  ) {}

  async create(caller: Caller, input: SourceInput): Promise<Source> {
    // Before asking the provider: a taken name fails fast, without a slow network round trip.
    if (await findSourceByName(this.knex, caller.environmentId, input.name)) throw nameTaken(input.name);
    // The id is chosen here, so the key can be sealed for its row before the row exists.
    const id = randomUUID();
    const verified = await this.verified(caller, id, input.provider, input.privateKey);
    try {
      return await this.knex.transaction(async (trx) => {
        const source = await insertSource(trx, {
          id,
          environmentId: caller.environmentId,
          name: input.name,
          provider: input.provider,
          oauthClientId: input.oauthClientId ?? null,
          rateBudgetPercent: input.rateBudgetPercent ?? RATE_BUDGET_PERCENT.default,
          ...verified,
        });
        await writeAudit(trx, {
          ...this.audit(caller),
          action: 'source.created',
          target: source.name,
          details: {
            provider: source.provider,
            provider_account_id: source.providerAccountId,
            livemode: source.livemode,
            oauth_client_id: source.oauthClientId,
            rate_budget_percent: source.rateBudgetPercent,
          },
        });
        return source;
      });
    } catch (err) {
      if (isUniqueViolation(err, SOURCE_NAME_UNIQUE)) throw nameTaken(input.name);
      throw err;
    }
  }

  list(caller: Caller): Promise<Source[]> {
    return listSources(this.knex, caller.environmentId);
  }

  async get(caller: Caller, name: string): Promise<Source> {
    const found = await findSourceByName(this.knex, caller.environmentId, name);
    if (!found) throw notFound(name);
    return found;
  }

  /**
   * Sets or clears the OAuth client id, changes the rate budget share, or both. The client id is
   * unverified: Stripe has no API that checks one against the key (its consent page refuses an
   * unknown one). A new share applies to the loader's next jobs, which read it with the source.
   */
  async update(caller: Caller, name: string, changes: SourceUpdate): Promise<Source> {
    if (changes.oauthClientId === undefined && changes.rateBudgetPercent === undefined) {
      throw new ValidationError([{ param: 'body', message: 'Send oauth_client_id, rate_budget_percent or both.' }]);
    }
    const found = await this.get(caller, name);
    return this.knex.transaction(async (trx) => {
      const updated = await updateSourceSettings(trx, caller.environmentId, found.id, changes);
      // Deleted between the lookup and the update.
      if (!updated) throw notFound(name);
      await writeAudit(trx, {
        ...this.audit(caller),
        action: 'source.updated',
        target: name,
        // What the request changed, as it now is.
        details: {
          ...(changes.oauthClientId !== undefined ? { oauth_client_id: updated.oauthClientId } : {}),
          ...(changes.rateBudgetPercent !== undefined ? { rate_budget_percent: updated.rateBudgetPercent } : {}),
        },
      });
      return updated;
    });
  }

  /** Refused while a sync reads from it. */
  async delete(caller: Caller, name: string): Promise<Source> {
    const found = await this.get(caller, name);
    try {
      return await this.knex.transaction(async (trx) => {
        const syncs = await syncNamesUsingSource(trx, caller.environmentId, found.id);
        if (syncs.length > 0) throw inUse(name, syncs);
        if (!(await deleteSourceRow(trx, caller.environmentId, found.id))) throw notFound(name);
        await writeAudit(trx, { ...this.audit(caller), action: 'source.deleted', target: name, details: { provider: found.provider } });
        return found;
      });
    } catch (err) {
      // A sync created meanwhile, or accounts registered under the source (libs/accounts' table
      // references it): the foreign keys refuse, and the caller hears which.
      if (isForeignKeyViolation(err, 'syncs_source_id_foreign')) throw inUse(name, []);
      if (isForeignKeyViolation(err)) {
        throw new InvalidRequestError(`Accounts are registered under the source ${name}. Delete them first.`, {
          code: 'source_in_use',
          param: 'name',
        });
      }
      throw err;
    }
  }

  /**
   * Verifies a new private key and stores it in place of the old one. Not an endpoint yet; the
   * demo seed uses it when the emulator no longer knows the stored key.
   */
  async replaceKey(caller: Caller, name: string, privateKey: string): Promise<Source> {
    const found = await this.get(caller, name);
    const verified = await this.verified(caller, found.id, found.provider, privateKey);
    return this.knex.transaction(async (trx) => {
      const updated = await updateSourceCredential(trx, caller.environmentId, found.id, verified);
      if (!updated) throw notFound(name);
      await writeAudit(trx, {
        ...this.audit(caller),
        action: 'source.key_replaced',
        target: name,
        details: { provider_account_id: updated.providerAccountId, livemode: updated.livemode },
      });
      return updated;
    });
  }

  /** Whether the stored key still verifies with the provider (false: rejected; unreachable throws). */
  async keyStillValid(caller: Caller, name: string): Promise<boolean> {
    const found = await this.get(caller, name);
    const sealed = await findSourceSecret(this.knex, caller.environmentId, found.id);
    if (!sealed) throw notFound(name);
    try {
      await verifySourceKey(
        this.verify,
        found.provider,
        this.secretBox.open(sealed, caller.environmentId, sealedPlace('sourceKey', found.id)),
      );
      return true;
    } catch (err) {
      if (err instanceof InvalidRequestError) return false;
      throw err;
    }
  }

  private async verified(caller: Caller, sourceId: string, provider: string, privateKey: string): Promise<VerifiedSourceValues> {
    const account = await verifySourceKey(this.verify, provider, privateKey);
    return {
      credentialSecret: this.secretBox.seal(privateKey, caller.environmentId, sealedPlace('sourceKey', sourceId)),
      providerAccountId: account.accountId,
      providerAccountName: account.name,
      livemode: account.livemode ?? null,
    };
  }

  private audit(caller: Caller) {
    return { organizationId: caller.organizationId, environmentId: caller.environmentId, actor: actorOf(caller) };
  }
}
