import type { Auth } from '@datasync/auth';
import type { AnyRouteSpec } from '@datasync/openapi';
import { getClientCredentials } from './getClientCredentials';
import { getEnvironments } from './getEnvironments';
import { getSession } from './getSession';
import { postClientCredentialRevoke } from './postClientCredentialRevoke';
import { postClientCredentials } from './postClientCredentials';
import { postEnvironmentsCurrent } from './postEnvironmentsCurrent';
import { postLogin } from './postLogin';
import { postLogout } from './postLogout';
import { postSignup } from './postSignup';
import { putEnvironmentEarlyAccess } from './putEnvironmentEarlyAccess';

/** Sign-up, sessions, environments and client credentials, mounted under /api/v1. */
export function accessRoutes(auth: Auth): AnyRouteSpec[] {
  return [
    postSignup(auth),
    postLogin(auth),
    postLogout(auth),
    getSession(auth),
    getEnvironments(auth),
    postEnvironmentsCurrent(auth),
    putEnvironmentEarlyAccess(auth),
    getClientCredentials(auth),
    postClientCredentials(auth),
    postClientCredentialRevoke(auth),
  ];
}
