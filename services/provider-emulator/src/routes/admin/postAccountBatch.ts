import type { RouteDefinition } from '@datasync/http';
import { accountBatchSchema, type AccountBatchBody } from '../../admin/accountBatchSchema';
import { accountView } from '../../admin/accountView';
import { createAccount } from '../../admin/createAccount';
import { validate } from '../../http/validate';
import type { EmulatorState } from '../../state/emulatorState';

/**
 * `POST /_emulator/accounts/batch` `{count, …the fields of POST /_emulator/accounts but seed}` →
 * 201 `{object: 'list', data: [account views]}`: thousands of accounts for a scale benchmark in a
 * few requests rather than one each. The body is checked before any account is created.
 */
export function postAccountBatchRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/accounts/batch',
    handlers: [
      (req, res) => {
        const { count, ...body } = validate<AccountBatchBody>(accountBatchSchema, req.body);
        const data = Array.from({ length: count }, () => accountView(createAccount(state, body)));
        res.status(201).json({ object: 'list', data });
      },
    ],
  };
}
