import Joi from 'joi';
import { sessionCallerOf, type Auth } from '@datasync/auth';
import type { EnvironmentName } from '@datasync/db';
import { defineRoute } from '@datasync/openapi';
import { toEnvironmentJson } from '../../access/access.mapper';
import { environmentName, environmentSchema } from '../../access/access.schemas';

interface Body {
  environment: EnvironmentName;
}

export function postEnvironmentsCurrent(auth: Auth) {
  return defineRoute<Record<string, never>, Record<string, never>, Body>({
    method: 'post',
    path: '/environments/current',
    summary: "Switch the session's current environment (the environment switcher)",
    tags: ['access'],
    auth: auth.requireSession,
    body: Joi.object<Body>({ environment: environmentName.required() }),
    responses: { 200: environmentSchema },
    handler: async ({ body }, _req, res) => {
      const environment = await auth.environments.switchCurrent(sessionCallerOf(res), body.environment);
      return toEnvironmentJson(environment, environment.id);
    },
  });
}
