import { Joi } from '@datasync/config';
import { newAccountSchema, type NewAccountBody } from './accountSchema';

/** Most accounts one `POST /_emulator/accounts/batch` creates: one answer stays a few MB. */
export const MAX_ACCOUNT_BATCH = 1_000;

/**
 * Body of `POST /_emulator/accounts/batch`: `count` accounts alike, each as `POST /_emulator/accounts`
 * would create it from the other fields. No `seed`: one seed names one account.
 */
export const accountBatchSchema = newAccountSchema.keys({
  count: Joi.number().integer().min(1).max(MAX_ACCOUNT_BATCH).required(),
  seed: Joi.forbidden(),
});

export interface AccountBatchBody extends Omit<NewAccountBody, 'seed'> {
  count: number;
}
