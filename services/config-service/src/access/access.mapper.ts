import type { ClientCredential, Environment, Organization, SessionView, User } from '@datasync/auth';

// TypeScript is camelCase, public JSON snake_case (STYLE): the one place they meet for access objects.

export function toUserJson(user: User) {
  return { id: user.id, email: user.email, created_at: user.createdAt.toISOString() };
}

export function toOrganizationJson(organization: Organization) {
  return { id: organization.id, name: organization.name, created_at: organization.createdAt.toISOString() };
}

export function toEnvironmentJson(environment: Environment, currentEnvironmentId: string) {
  return {
    id: environment.id,
    name: environment.name,
    early_access: environment.earlyAccess,
    current: environment.id === currentEnvironmentId,
    created_at: environment.createdAt.toISOString(),
  };
}

export function toSessionJson(view: SessionView, csrfToken: string) {
  return {
    user: toUserJson(view.user),
    organization: toOrganizationJson(view.organization),
    environment: toEnvironmentJson(view.environment, view.environment.id),
    csrf_token: csrfToken,
  };
}

/** Never the secret, nor its hash: the last four characters let a person tell credentials apart. */
export function toCredentialJson(credential: ClientCredential) {
  return {
    client_id: credential.clientId,
    secret_last4: credential.secretLast4,
    scope: credential.scope,
    active: credential.revokedAt === null,
    created_at: credential.createdAt.toISOString(),
    revoked_at: credential.revokedAt?.toISOString() ?? null,
  };
}
