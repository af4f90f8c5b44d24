export type OpsRole = 'operator' | 'viewer';

function emailList(value: string): Set<string> {
  return new Set(
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ''),
  );
}

/**
 * The queue dashboard's roles, granted by configuration (OPS_OPERATOR_EMAILS, OPS_VIEWER_EMAILS).
 * Emails compare case-insensitively, like logins; an email in both lists is an operator.
 */
export class OpsRoles {
  private readonly operators: Set<string>;
  private readonly viewers: Set<string>;

  constructor(config: { OPS_OPERATOR_EMAILS: string; OPS_VIEWER_EMAILS: string }) {
    this.operators = emailList(config.OPS_OPERATOR_EMAILS);
    this.viewers = emailList(config.OPS_VIEWER_EMAILS);
  }

  roleOf(email: string): OpsRole | undefined {
    const key = email.trim().toLowerCase();
    if (this.operators.has(key)) return 'operator';
    if (this.viewers.has(key)) return 'viewer';
    return undefined;
  }
}
