import { Joi } from '@datasync/config';

/**
 * Who may open the queue dashboard (`/ops/queues`). Operators run the service; they are not
 * tenants, so the grant comes from the deployment's configuration, never from anything a
 * signed-up user can change.
 */
export const opsEnv = {
  OPS_OPERATOR_EMAILS: Joi.string()
    .allow('')
    .default('')
    .description(
      'comma-separated dashboard emails that get the queue dashboard (/ops/queues) with retry, promote and clean; empty = nobody',
    ),
  OPS_VIEWER_EMAILS: Joi.string()
    .allow('')
    .default('')
    .description('comma-separated dashboard emails that get the queue dashboard (/ops/queues) read-only; empty = nobody'),
};

export interface OpsEnvConfig {
  OPS_OPERATOR_EMAILS: string;
  OPS_VIEWER_EMAILS: string;
}
