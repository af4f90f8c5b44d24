import { randomUUID } from 'node:crypto';
import { Joi } from '@datasync/config';
import { hubspotErrors } from '../http/hubspotErrors';
import { validateAdmin } from '../portal/createPortal';
import type { HubspotState } from '../portal/hubspotState';
import { param, type HubspotRoute } from '../routes/hubspotRoute';

const DEFAULT_SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.companies.read',
  'crm.objects.deals.read',
  'crm.objects.owners.read',
  'tickets',
  'e-commerce',
];

/** `POST /_emulator/hubspot/apps` `{name?, scopes?}`: a public app; 201 `{app_id, client_id, client_secret, …}`. */
export function postAppRoute(state: HubspotState): HubspotRoute {
  const schema = Joi.object({ name: Joi.string().max(200), scopes: Joi.array().items(Joi.string()) });
  return {
    method: 'post',
    path: '/_emulator/hubspot/apps',
    handler: (req, res) => {
      const body = validateAdmin<{ name?: string; scopes?: string[] }>(schema, req.body);
      const appId = 1_000_000 + state.apps.size + 1;
      const app = {
        appId,
        name: body.name ?? `Emulated app ${appId}`,
        clientId: randomUUID(),
        clientSecret: randomUUID(),
        scopes: body.scopes ?? DEFAULT_SCOPES,
      };
      state.apply({ op: 'create_app', app });
      res
        .status(201)
        .json({ app_id: app.appId, name: app.name, client_id: app.clientId, client_secret: app.clientSecret, scopes: app.scopes });
    },
  };
}

/**
 * `POST /_emulator/hubspot/apps/:clientId/webhooks` `{target_url, subscriptions: ["contact.creation", …]}`:
 * the app's subscriptions, for every portal that installed it (HubSpot sets them per app).
 */
export function postAppWebhooksRoute(state: HubspotState): HubspotRoute {
  const schema = Joi.object({
    target_url: Joi.string()
      .uri({ scheme: ['http', 'https'] })
      .required(),
    subscriptions: Joi.array()
      .items(Joi.string().pattern(/^[a-z_]+\.[a-zA-Z]+$/))
      .min(1)
      .required(),
  });
  return {
    method: 'post',
    path: '/_emulator/hubspot/apps/:clientId/webhooks',
    handler: (req, res) => {
      const clientId = param(req, 'clientId');
      if (!state.app(clientId)) throw hubspotErrors.notFound(`app ${clientId}`);
      const body = validateAdmin<{ target_url: string; subscriptions: string[] }>(schema, req.body);
      state.apply({ op: 'app_webhooks', clientId, webhooks: { targetUrl: body.target_url, subscriptions: body.subscriptions } });
      res.json({ target_url: body.target_url, subscriptions: body.subscriptions });
    },
  };
}

/** `GET /_emulator/hubspot/webhook-deliveries`: the latest attempts (delivery, target, attempt, status). */
export function getWebhookDeliveriesRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'get',
    path: '/_emulator/hubspot/webhook-deliveries',
    handler: (_req, res) => void res.json({ data: state.dispatcher.delivery.log() }),
  };
}
