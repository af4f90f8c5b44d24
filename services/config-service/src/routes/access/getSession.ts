import { sessionCallerOf, type Auth } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSessionJson } from '../../access/access.mapper';
import { sessionSchema } from '../../access/access.schemas';

export function getSession(auth: Auth) {
  return defineRoute({
    method: 'get',
    path: '/session',
    summary: "The logged-in user, the organization, the session's current environment and its CSRF token",
    tags: ['access'],
    auth: auth.requireSession,
    responses: { 200: sessionSchema },
    handler: async (_input, _req, res) => toSessionJson(await auth.users.describe(sessionCallerOf(res)), res.locals.csrfToken as string),
  });
}
