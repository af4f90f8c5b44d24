import { OpsRoles } from './opsRoles';

describe('OpsRoles', () => {
  const roles = new OpsRoles({
    OPS_OPERATOR_EMAILS: ' Ops@Example.test ,,both@example.test',
    OPS_VIEWER_EMAILS: 'viewer@example.test, both@example.test',
  });

  it('grants by configured email, case-insensitively, an operator winning over a viewer', () => {
    expect(roles.roleOf('ops@example.test')).toBe('operator');
    expect(roles.roleOf('VIEWER@example.test')).toBe('viewer');
    expect(roles.roleOf('both@example.test')).toBe('operator');
  });

  it('grants nobody else, and nobody at all with empty lists', () => {
    expect(roles.roleOf('tenant@example.test')).toBeUndefined();
    expect(roles.roleOf('')).toBeUndefined();
    expect(new OpsRoles({ OPS_OPERATOR_EMAILS: '', OPS_VIEWER_EMAILS: '' }).roleOf('ops@example.test')).toBeUndefined();
  });
});
