import Joi from 'joi';
import { DEFAULT_PREVIOUS_SECRET_HOURS } from './sourceWebhooks.service';

const timestamp = Joi.string().isoDate();

/** PUT /sources/{name}/webhook_secret. */
export const webhookSecretInput = Joi.object({
  // Stripe's signing secrets are `whsec_` and base62; the length is left open (Stripe does not document it).
  secret: Joi.string()
    .pattern(/^whsec_[A-Za-z0-9]{16,250}$/)
    .required()
    .messages({ 'string.pattern.base': '{#label} must be a Stripe signing secret: whsec_ followed by letters and digits' })
    .description("the endpoint's signing secret (whsec_…) from the provider's dashboard; stored encrypted, never returned"),
  previous_valid_hours: Joi.number()
    .integer()
    .min(0)
    .max(72)
    .description(
      `how long the secrets set before keep verifying (default ${DEFAULT_PREVIOUS_SECRET_HOURS}, 0: they stop at once); Stripe keeps a rolled secret up to 24 hours`,
    ),
  keep_previous: Joi.boolean().description(
    "true: the secrets set before stay as they are: the secret of a second endpoint (Stripe's Connect and account endpoints each have one)",
  ),
});

const connectLifecycle = Joi.boolean().description(
  "true: the provider's Connect lifecycle events (account.application.authorized / deauthorized) register a newly connected " +
    'account, pause a disconnected one (its rows stay) and resume it when it connects again; false: they are counted and dropped',
);

/** PUT /sources/{name}/webhook_lifecycle. */
export const webhookLifecycleInput = Joi.object({ connect_lifecycle: connectLifecycle.required() });

export const sourceWebhookSchema = Joi.object({
  url: Joi.string()
    .uri()
    .required()
    .description('the endpoint URL to give the provider (public, no authentication: deliveries are signed)'),
  enabled_events: Joi.array().items(Joi.string()).required().description('the event types to enable on the endpoint'),
  secret_set: Joi.boolean().required().description('whether a signing secret is set; without one every delivery is refused'),
  secrets: Joi.array()
    .items(
      Joi.object({
        id: Joi.string().guid().required(),
        created_at: timestamp.required(),
        expires_at: timestamp.allow(null).required().description('null: the current secret; set: a rotated-out one, valid until then'),
      }),
    )
    .required(),
  last_received_at: timestamp.allow(null).required().description('when a verified delivery last arrived'),
  unrouted_events: Joi.number()
    .integer()
    .min(0)
    .required()
    .description(
      'verified deliveries for provider accounts the source does not load (not registered, paused or deleted): counted and dropped',
    ),
  connect_lifecycle: connectLifecycle.required(),
}).meta({ component: 'SourceWebhook' });
