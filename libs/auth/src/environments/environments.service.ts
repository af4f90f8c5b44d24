import type { EnvironmentName, Knex } from '@datasync/db';
import { NotFoundError } from '@datasync/errors';
import { writeAudit } from '../audit/audit.repository';
import { actorOf, type Caller } from '../caller';
import type { SessionsService } from '../sessions/sessions.service';
import { findEnvironmentByName, listEnvironments, updateEarlyAccess, type Environment } from './environments.repository';

export class EnvironmentsService {
  constructor(
    private readonly knex: Knex,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * What the caller may see: a dashboard user sees the organization's environments; client
   * credentials belong to one environment and see only that one.
   */
  async list(caller: Caller): Promise<Environment[]> {
    const all = await listEnvironments(this.knex, caller.organizationId);
    return caller.kind === 'session' ? all : all.filter((e) => e.id === caller.environmentId);
  }

  /** The environment `name` as the caller may address it; another one is a 404. */
  async visible(caller: Caller, name: EnvironmentName): Promise<Environment> {
    const found = await findEnvironmentByName(this.knex, caller.organizationId, name);
    if (!found || (caller.kind !== 'session' && found.id !== caller.environmentId)) {
      throw new NotFoundError(`No environment named ${name} is visible to these credentials.`, 'name');
    }
    return found;
  }

  /** Switches the beta API calls of an environment on or off (docs/accounts-api.md, Beta calls). */
  async setEarlyAccess(caller: Caller, name: EnvironmentName, enabled: boolean): Promise<Environment> {
    const target = await this.visible(caller, name);
    return this.knex.transaction(async (trx) => {
      const updated = (await updateEarlyAccess(trx, target.id, enabled)) ?? target;
      if (target.earlyAccess !== enabled) {
        await writeAudit(trx, {
          organizationId: caller.organizationId,
          environmentId: target.id,
          actor: actorOf(caller),
          action: 'environment.early_access_changed',
          target: target.name,
          details: { enabled },
        });
      }
      return updated;
    });
  }

  /** Makes `name` the session's current environment: what its later requests act in. */
  async switchCurrent(caller: Extract<Caller, { kind: 'session' }>, name: EnvironmentName): Promise<Environment> {
    const target = await this.visible(caller, name);
    await this.sessions.switchEnvironment(caller.sessionId, target.id);
    return target;
  }
}
