import { actorOf, callerDetails, writeAudit, type Caller } from '@datasync/auth';
import { timingSafeEqualString, type SecretBox } from '@datasync/crypto';
import { randomUUID } from 'node:crypto';
import { sealedPlace, type Knex } from '@datasync/db';
import { InvalidRequestError } from '@datasync/errors';
import { getProvider, providerModule, type ProviderVerifier, type VerifiedAccount } from '@datasync/providers';
import { insertIfAbsent, lockByIdentity, replaceCredential, storedCredential, type Account } from './accounts.repository';
import type { CredentialInput, CredentialParams } from './credentials';
import { IDENTIFIER_RULE, isValidIdentifier } from './identifier';
import type { SourceRef } from './sources.reader';
import { toVerificationError } from './verification';

export interface Registration {
  account: Account;
  /** Same identity, same source, same external_id (docs/accounts-api.md, Registration rules). */
  alreadyExisted: boolean;
}

export interface RegisterDeps {
  knex: Knex;
  secretBox: SecretBox;
  verify: ProviderVerifier;
}

// A row seen by ON CONFLICT can be deleted before it is locked; trying again then inserts.
const ATTEMPTS = 3;

function identifierTaken(existing: Account, source: SourceRef, params: CredentialParams, identifierGiven: boolean): InvalidRequestError {
  const label = getProvider(source.provider).label;
  const fix = identifierGiven ? 'Choose another identifier' : 'Give this account an identifier of its own';
  const why =
    existing.sourceId !== source.id
      ? `is already registered under another ${label} source of this environment`
      : `already belongs to another ${label} account (${existing.externalId}) of this environment`;
  return new InvalidRequestError(`The identifier "${existing.identifier}" ${why}. ${fix}, or delete that account first.`, {
    code: 'identifier_taken',
    param: identifierGiven ? 'identifier' : params.credential,
  });
}

async function verifyCredential(
  deps: RegisterDeps,
  source: SourceRef,
  credential: CredentialInput,
  environmentId: string,
  params: CredentialParams,
): Promise<VerifiedAccount> {
  let verified: VerifiedAccount;
  try {
    // The app's key is opened only when the request acts through it (Stripe: a connected account).
    const sourceKey = providerModule(source.provider).credentials.usesSourceSecret(credential)
      ? deps.secretBox.open(source.credentialSecret, environmentId, sealedPlace('sourceKey', source.id))
      : undefined;
    verified = await deps.verify(source.provider, credential, sourceKey);
  } catch (err) {
    throw toVerificationError(source, credential, err, params) ?? err;
  }
  // Providers without modes report none, and their sources have none: nothing to compare.
  if (verified.livemode !== undefined && source.livemode !== null && verified.livemode !== source.livemode) {
    const mode = (live: boolean) => (live ? 'live' : 'test');
    throw new InvalidRequestError(
      `The credential is a ${mode(verified.livemode)}-mode key, but source "${source.name}" is ${mode(source.livemode)}-mode. Use a ${mode(source.livemode)}-mode key.`,
      { code: 'livemode_mismatch', param: params.credential },
    );
  }
  return verified;
}

/**
 * Whether the account already holds this credential: the same kind and, for a kind that keeps a
 * secret, the same secret (opened, since sealing is randomised). A stored secret that no master
 * key opens any more counts as another credential, so registering again repairs it.
 */
async function holdsCredential(
  deps: RegisterDeps,
  trx: Knex.Transaction,
  existing: Account,
  credential: CredentialInput,
): Promise<boolean> {
  const stored = await storedCredential(trx, existing.id);
  if (!stored || stored.kind !== credential.kind) return false;
  const secret = providerModule(existing.sourceType).credentials.secretOf(credential);
  if (secret === null) return stored.secret === null;
  if (stored.secret === null) return false;
  try {
    return timingSafeEqualString(
      deps.secretBox.open(stored.secret, existing.environmentId, sealedPlace('accountCredential', existing.id)),
      secret,
    );
  } catch {
    return false;
  }
}

/** A registration the provider has accepted, ready to be written (writeRegistration). */
export interface VerifiedRegistration {
  source: SourceRef;
  credential: CredentialInput;
  params: CredentialParams;
  identifierGiven: boolean;
  verified: VerifiedAccount;
  values: NewAccountValues;
}

type NewAccountValues = Parameters<typeof insertIfAbsent>[1];

/**
 * Checks the input and asks the provider: no database connection is held while it answers,
 * so a burst of registrations cannot take the pool's connections and wait on the provider.
 */
export async function verifyRegistration(
  deps: RegisterDeps,
  caller: Caller,
  input: { source: SourceRef; credential: CredentialInput; identifier?: string },
  params: CredentialParams,
): Promise<VerifiedRegistration> {
  const { source, credential } = input;
  if (input.identifier !== undefined && !isValidIdentifier(input.identifier)) {
    throw new InvalidRequestError(`identifier is invalid: ${IDENTIFIER_RULE}.`, { code: 'parameter_invalid', param: 'identifier' });
  }
  const verified = await verifyCredential(deps, source, credential, caller.environmentId, params);
  const id = randomUUID();
  const values = {
    id,
    environmentId: caller.environmentId,
    sourceType: source.provider,
    identifier: input.identifier ?? verified.accountId,
    sourceId: source.id,
    externalId: verified.accountId,
    credentialKind: credential.kind,
    credentialSecret: sealCredential(deps, caller.environmentId, source.provider, credential, id),
    providerCreated: verified.created,
  };
  return { source, credential, params, identifierGiven: input.identifier !== undefined, verified, values };
}

// Sealed for the row it lands in: a new row (its id chosen in verifyRegistration) or the existing account's.
function sealCredential(
  deps: RegisterDeps,
  environmentId: string,
  provider: string,
  credential: CredentialInput,
  accountId: string,
): string | null {
  const secret = providerModule(provider).credentials.secretOf(credential);
  return secret === null ? null : deps.secretBox.seal(secret, environmentId, sealedPlace('accountCredential', accountId));
}

/**
 * Inserts or updates the verified account inside the caller's transaction, with its audit
 * record. Undefined when the row ON CONFLICT saw was deleted before it could be locked: the
 * caller tries again in a new transaction.
 */
export async function writeRegistration(
  deps: RegisterDeps,
  trx: Knex.Transaction,
  caller: Caller,
  registration: VerifiedRegistration,
): Promise<Registration | undefined> {
  const { source, credential, params, verified, values } = registration;
  const identifier = values.identifier;
  const inserted = await insertIfAbsent(trx, values);
  const audit = {
    organizationId: caller.organizationId,
    environmentId: caller.environmentId,
    actor: actorOf(caller),
    target: `${values.sourceType}/${identifier}`,
  };
  const details = { source: source.name, external_id: verified.accountId, credential_kind: credential.kind, ...callerDetails(caller) };
  if (inserted) {
    await writeAudit(trx, { ...audit, action: 'account.registered', details });
    return { account: inserted, alreadyExisted: false };
  }
  const existing = await lockByIdentity(trx, values);
  if (!existing) return undefined;
  if (existing.deletingAt) {
    throw new InvalidRequestError(`The account "${identifier}" is being deleted. Register it again once the delete has finished.`, {
      code: 'account_deleting',
      param: registration.identifierGiven ? 'identifier' : params.credential,
    });
  }
  if (existing.sourceId !== source.id || existing.externalId !== verified.accountId) {
    throw identifierTaken(existing, source, params, registration.identifierGiven);
  }
  // Registering again with the credential already stored changes nothing, so nothing is audited.
  if (await holdsCredential(deps, trx, existing, credential)) return { account: existing, alreadyExisted: true };
  const updated = await replaceCredential(trx, existing.id, {
    credentialKind: credential.kind,
    credentialSecret: sealCredential(deps, caller.environmentId, source.provider, credential, existing.id),
  });
  await writeAudit(trx, { ...audit, action: 'account.credential_replaced', details });
  return { account: updated, alreadyExisted: true };
}

/**
 * Verify the credential with the provider → insert or update the account in one transaction →
 * commit. Nothing is written unless the provider accepted the credential, and nothing half: the
 * row and its audit record commit together.
 */
export async function registerAccount(
  deps: RegisterDeps,
  caller: Caller,
  input: { source: SourceRef; credential: CredentialInput; identifier?: string },
  params: CredentialParams,
): Promise<Registration> {
  const registration = await verifyRegistration(deps, caller, input, params);
  for (let attempt = 1; ; attempt += 1) {
    const result = await deps.knex.transaction((trx) => writeRegistration(deps, trx, caller, registration));
    if (result) return result;
    if (attempt >= ATTEMPTS) throw new Error('account registration kept racing with deletes');
  }
}
