import { clearSessionCookie, type Auth } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';

export function postLogout(auth: Auth) {
  return defineRoute({
    method: 'post',
    path: '/logout',
    summary: 'End the dashboard session',
    tags: ['access'],
    auth: auth.requireSession,
    responses: { 204: { description: 'The session is over; its cookie no longer works' } },
    handler: async (_input, _req, res) => {
      await auth.users.logout(res.locals.sessionToken as string);
      clearSessionCookie(res, auth.cookie);
    },
  });
}
