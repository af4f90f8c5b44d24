export { createAuth, basicAuth, type Auth, type AuthOptions } from './auth';
export { authEnv, type AuthEnvConfig } from './authEnv';
export { authSecuritySchemes, CSRF_HEADER, type Authenticators } from './authenticate';
export { rejectCrossSite } from './crossSite';
export { actorOf, callerDetails, callerOf, sessionCallerOf, CREDENTIAL_SCOPES, type Caller, type CredentialScope } from './caller';
export { writeAudit, type AuditEntry } from './audit/audit.repository';
export { parseBasicAuth, type BasicAuthParse } from './basicAuth/parseBasicAuth';
export { createBasicAuth, type BasicAuthenticator } from './basicAuth/basicAuth';
export { ClientSecretHasher, generateCredential } from './clientCredentials/clientSecret';
export {
  ClientCredentialsService,
  MAX_ACTIVE_CREDENTIALS,
  type CreatedCredential,
  type Verification,
} from './clientCredentials/clientCredentials.service';
export type { ClientCredential } from './clientCredentials/clientCredentials.repository';
export { EnvironmentsService } from './environments/environments.service';
export type { Environment } from './environments/environments.repository';
export { UsersService, MIN_PASSWORD_LENGTH, FIRST_ENVIRONMENT, type LoggedIn, type SessionView } from './users/users.service';
export type { Organization, User } from './users/users.repository';
export { SessionsService, type SessionSettings, type StartedSession } from './sessions/sessions.service';
export {
  SESSION_COOKIE,
  clearSessionCookie,
  readCookie,
  readSessionCookie,
  sessionCookieName,
  setSessionCookie,
  type SessionCookieSettings,
} from './sessions/sessionCookie';
export { csrfTokenFor } from './sessions/sessionToken';
export { DEFAULT_SCRYPT, hashPassword, verifyPassword, type ScryptParams } from './passwords/password';
export { AttemptLimiter, type AttemptLimit } from './limits/attemptLimiter';
export { FixedWindowCounter, type WindowCount } from './limits/fixedWindow';
export { ConcurrencyGate } from './limits/concurrencyGate';
export { failOpen } from './limits/failOpen';
export {
  failedAuthEnv,
  failedBasicAuthLimiter,
  passwordLimitsEnv,
  passwordAttemptLimiters,
  type FailedAuthConfig,
  type PasswordAttemptLimiters,
  type PasswordLimitsConfig,
} from './limits/authLimits';
