import type { Knex } from '@datasync/db';
import { InvalidRequestError } from '@datasync/errors';
import { getProvider, isProviderName, providerModule, providerNames, type ProviderCredential } from '@datasync/providers';
import type { CredentialParams } from './credentials';
import { findSourceByName, listSourcesOfProvider, type SourceRef } from './sources.reader';

const quoteList = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/** POST /accounts: the source from `sourceType` and, when several sources have that type, `app`. */
export async function resolveSourceByType(
  db: Knex,
  environmentId: string,
  sourceType: string,
  app: string | undefined,
  params: CredentialParams,
): Promise<SourceRef> {
  if (!isProviderName(sourceType)) {
    throw new InvalidRequestError(`Unknown sourceType "${sourceType}". Supported source types: ${quoteList([...providerNames])}.`, {
      code: 'unknown_source_type',
      param: params.sourceType,
    });
  }
  const label = getProvider(sourceType).label;
  const sources = await listSourcesOfProvider(db, environmentId, sourceType);
  if (app !== undefined) {
    const named = sources.find((s) => s.name === app);
    if (named) return named;
    const known =
      sources.length > 0
        ? `Its ${label} sources are ${quoteList(sources.map((s) => s.name))}.`
        : `It has no ${label} source yet; create one in the dashboard first.`;
    throw new InvalidRequestError(`This environment has no ${label} source named "${app}". ${known}`, {
      code: 'unknown_app',
      param: params.source,
    });
  }
  const [only, ...others] = sources;
  if (!only) {
    throw new InvalidRequestError(
      `This environment has no ${label} source. Create one in the dashboard (Sources) before registering ${label} accounts.`,
      { code: 'no_source', param: params.sourceType },
    );
  }
  if (others.length > 0) {
    throw new InvalidRequestError(
      `This environment has ${sources.length} ${label} sources (${quoteList(sources.map((s) => s.name))}); name the one to use in app.`,
      { code: 'app_required', param: params.source },
    );
  }
  return only;
}

/** POST /sources/{sourceName}/accounts: the named source, whose kind `credentials.type` must match. */
export async function resolveSourceByName(
  db: Knex,
  environmentId: string,
  sourceName: string,
  credentialType: string,
  params: CredentialParams,
): Promise<SourceRef> {
  const source = await findSourceByName(db, environmentId, sourceName);
  if (!source) {
    throw new InvalidRequestError(`This environment has no source named "${sourceName}".`, {
      code: 'unknown_source',
      param: params.source,
    });
  }
  const expected = providerModule(source.provider).credentials.app?.type ?? `${source.provider}-app`;
  if (credentialType !== expected) {
    throw new InvalidRequestError(
      `Source "${sourceName}" is a ${getProvider(source.provider).label} source; its credentials.type is "${expected}".`,
      { code: 'credential_type_mismatch', param: params.sourceType },
    );
  }
  return source;
}

/**
 * The credential of an account reached through its source's app (Stripe: a connected account),
 * for a source whose provider has such accounts (resolveSourceByName checked it).
 */
export function appCredential(provider: string, accountId: string): ProviderCredential {
  const app = providerModule(provider).credentials.app;
  if (!app) throw new Error(`provider ${provider} has no accounts reached through a source's app`);
  return app.credential(accountId);
}
