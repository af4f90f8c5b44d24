import Joi from 'joi';
import { MIN_PASSWORD_LENGTH, rejectCrossSite, setSessionCookie, csrfTokenFor, type Auth } from '@datasync/auth';
import { clientAddress } from '@datasync/http';
import { defineRoute, errorBodySchema } from '@datasync/openapi';
import { toSessionJson } from '../../access/access.mapper';
import { sessionSchema } from '../../access/access.schemas';

interface Body {
  email: string;
  password: string;
  organization_name: string;
}

export const signupBody = Joi.object<Body>({
  email: Joi.string()
    .trim()
    .max(254)
    .email({ tlds: { allow: false } })
    .required(),
  password: Joi.string().min(MIN_PASSWORD_LENGTH).max(1024).required().description(`at least ${MIN_PASSWORD_LENGTH} characters`),
  organization_name: Joi.string().trim().min(1).max(100).required(),
});

export function postSignup(auth: Auth) {
  return defineRoute<Record<string, never>, Record<string, never>, Body>({
    method: 'post',
    path: '/signup',
    summary: 'Create an organization, its production and development environments and its first user, and log in',
    tags: ['access'],
    auth: rejectCrossSite,
    body: signupBody,
    responses: {
      201: sessionSchema,
      429: { description: 'Too many sign-ups from this address; see Retry-After', schema: errorBodySchema },
    },
    handler: async ({ body }, req, res) => {
      const { session, ...view } = await auth.users.signup(
        { email: body.email, password: body.password, organizationName: body.organization_name },
        clientAddress(req),
      );
      setSessionCookie(res, session.token, auth.cookie);
      return toSessionJson(view, csrfTokenFor(session.token));
    },
  });
}
