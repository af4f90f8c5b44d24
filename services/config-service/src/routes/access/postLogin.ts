import Joi from 'joi';
import { csrfTokenFor, readSessionCookie, rejectCrossSite, setSessionCookie, type Auth } from '@datasync/auth';
import { clientAddress } from '@datasync/http';
import { defineRoute, errorBodySchema } from '@datasync/openapi';
import { toSessionJson } from '../../access/access.mapper';
import { sessionSchema } from '../../access/access.schemas';

interface Body {
  email: string;
  password: string;
}

export function postLogin(auth: Auth) {
  return defineRoute<Record<string, never>, Record<string, never>, Body>({
    method: 'post',
    path: '/login',
    summary: 'Log in to the dashboard',
    description: 'Starts a new session (a new cookie every time) and ends the one the request came with, if any.',
    tags: ['access'],
    auth: rejectCrossSite,
    body: Joi.object<Body>({
      email: Joi.string().trim().max(254).required(),
      password: Joi.string().max(1024).required(),
    }),
    responses: {
      200: sessionSchema,
      401: { description: 'Incorrect email or password', schema: errorBodySchema },
      429: {
        description: 'Too many failed logins for this email or from this address, or too many at once; see Retry-After',
        schema: errorBodySchema,
      },
    },
    handler: async ({ body }, req, res) => {
      const previous = readSessionCookie(req.headers.cookie, auth.cookie);
      const { session, ...view } = await auth.users.login(body, previous, clientAddress(req));
      setSessionCookie(res, session.token, auth.cookie);
      return toSessionJson(view, csrfTokenFor(session.token));
    },
  });
}
