import { actorOf, writeAudit, type Caller } from '@datasync/auth';
import type { Knex } from '@datasync/db';
import { InvalidRequestError, NotFoundError, PermissionError } from '@datasync/errors';
import { getProvider } from '@datasync/providers';
import type { LinkSettings } from './linkEnv';
import { findInEnvironment, insertLinkSession, listPage, revokeUnused, type LinkSession } from './linkSessions.repository';
import { findSourceByName, listSourcesOfProvider, type LinkSourceRef } from './linkSources.repository';
import { generateLinkToken, hashLinkToken } from './linkToken';

export interface CreateLinkSessionInput {
  source?: string;
  sourceType?: string;
  identifier?: string;
  returnUrl: string;
}

const quoteList = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

function notFound(id: string): NotFoundError {
  return new NotFoundError(`No link session "${id}" in this environment.`, 'id');
}

/** POST/GET /link_sessions and revoke: the integrator's side of the Link page. */
export class LinkSessionsService {
  constructor(
    private readonly knex: Knex,
    private readonly settings: LinkSettings,
  ) {}

  /** A new session and its URL, which holds the only copy of its token. */
  async create(caller: Caller, input: CreateLinkSessionInput, requestOrigin: string): Promise<{ session: LinkSession; url: string }> {
    // The page registers the account on behalf of the credential that made the link.
    if (caller.kind !== 'client')
      throw new PermissionError('Link sessions are created with client credentials (Basic auth).', 'client_credentials_required');
    const source = await this.resolveSource(caller.environmentId, input);
    const token = generateLinkToken();
    const session = await this.knex.transaction(async (trx) => {
      const id = await insertLinkSession(trx, {
        environmentId: caller.environmentId,
        sourceId: source.id,
        clientId: caller.clientId,
        identifier: input.identifier,
        returnUrl: input.returnUrl,
        tokenHash: hashLinkToken(token),
        ttlMs: this.settings.ttlMs,
      });
      await writeAudit(trx, {
        organizationId: caller.organizationId,
        environmentId: caller.environmentId,
        actor: actorOf(caller),
        action: 'link_session.created',
        target: `link_session/${id}`,
        details: { source: source.name, identifier: input.identifier ?? null },
      });
      return (await findInEnvironment(trx, caller.environmentId, id)) as LinkSession;
    });
    return { session, url: `${this.settings.publicUrl ?? requestOrigin}/link/${token}` };
  }

  async get(caller: Caller, id: string): Promise<LinkSession> {
    const session = await findInEnvironment(this.knex, caller.environmentId, id);
    if (!session) throw notFound(id);
    return session;
  }

  /** One page, newest first, and whether more follow (`limit + 1` rows are read to know). */
  async list(caller: Caller, options: { limit: number; startingAfter?: string }): Promise<{ sessions: LinkSession[]; hasMore: boolean }> {
    const rows = await listPage(this.knex, caller.environmentId, { limit: options.limit + 1, after: options.startingAfter });
    return { sessions: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
  }

  /** Revoking twice is fine; a completed session has nothing left to revoke. */
  async revoke(caller: Caller, id: string): Promise<LinkSession> {
    const found = await this.get(caller, id);
    if (found.completedAt) {
      throw new InvalidRequestError(`Link session "${id}" was already used to connect an account; there is nothing left to revoke.`, {
        code: 'link_session_completed',
        param: 'id',
      });
    }
    if (!found.revokedAt) {
      await this.knex.transaction(async (trx) => {
        if (!(await revokeUnused(trx, caller.environmentId, id))) return;
        await writeAudit(trx, {
          organizationId: caller.organizationId,
          environmentId: caller.environmentId,
          actor: actorOf(caller),
          action: 'link_session.revoked',
          target: `link_session/${id}`,
        });
      });
    }
    return this.get(caller, id);
  }

  // The same rules as POST /accounts' sourceType and app, named after this request's fields.
  private async resolveSource(environmentId: string, input: CreateLinkSessionInput): Promise<LinkSourceRef> {
    if (input.source !== undefined) {
      const named = await findSourceByName(this.knex, environmentId, input.source);
      if (!named)
        throw new InvalidRequestError(`This environment has no source named "${input.source}".`, {
          code: 'unknown_source',
          param: 'source',
        });
      if (input.sourceType !== undefined && named.provider !== input.sourceType) {
        throw new InvalidRequestError(`Source "${named.name}" is a ${getProvider(named.provider).label} source, not ${input.sourceType}.`, {
          code: 'source_type_mismatch',
          param: 'sourceType',
        });
      }
      return named;
    }
    const sourceType = input.sourceType as string;
    const label = getProvider(sourceType).label;
    const sources = await listSourcesOfProvider(this.knex, environmentId, sourceType);
    const [only, ...others] = sources;
    if (!only) {
      throw new InvalidRequestError(`This environment has no ${label} source. Create one in the dashboard (Sources) first.`, {
        code: 'no_source',
        param: 'sourceType',
      });
    }
    if (others.length > 0) {
      throw new InvalidRequestError(
        `This environment has ${sources.length} ${label} sources (${quoteList(sources.map((s) => s.name))}); name the one to use in source.`,
        { code: 'source_required', param: 'source' },
      );
    }
    return only;
  }
}
