import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Signature } from '@hubspot/api-client';
import { startTestHubspotEmulator, type TestHubspotEmulator } from '../testing/testHubspotEmulator';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  url: string;
}

let emulator: TestHubspotEmulator;
let receiver: http.Server;
let targetUrl: string;
const received: Received[] = [];
let waiting: (() => void) | undefined;
let status = 200;

beforeAll(async () => {
  emulator = await startTestHubspotEmulator();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body, url: req.url ?? '' });
      res.statusCode = status;
      res.end();
      waiting?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hubspot/webhooks?source=emulator`;
});

afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/** Waits (by event, not by sleeping) until `count` requests arrived. */
async function deliveries(count: number): Promise<Received[]> {
  while (received.length < count) await new Promise<void>((resolve) => (waiting = resolve));
  return received.splice(0, count);
}

describe('HubSpot webhooks', () => {
  it('posts the events of a change as one signed batch to the app’s target, for portals that installed it', async () => {
    const app = await emulator.createApp();
    const portal = await emulator.createPortal({ objects: { contacts: 2 } });
    const elsewhere = await emulator.createPortal({ objects: { contacts: 1 } });
    await emulator.install(portal.portal_id, app.client_id);
    const settings = await emulator.call('POST', `/_emulator/hubspot/apps/${app.client_id}/webhooks`, {
      body: { target_url: targetUrl, subscriptions: ['contact.creation', 'contact.propertyChange', 'contact.deletion'] },
    });
    expect(settings.status).toBe(200);

    // Not installed there: nothing is sent for this one.
    await emulator.call('POST', `/_emulator/hubspot/portals/${elsewhere.portal_id}/objects/contacts`, {
      body: { properties: { firstname: 'Nobody' } },
    });
    const created = await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/objects/contacts`, {
      body: { properties: { firstname: 'Ada' } },
    });
    const id = Number((created.body as { id: string }).id);
    await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/objects/contacts/${id}`, {
      body: { properties: { firstname: 'Grace', lastname: 'Hopper' } },
    });

    const [creation, changes] = await deliveries(2);
    if (!creation || !changes) throw new Error('missing deliveries');
    expect(JSON.parse(creation.body)).toEqual([
      {
        eventId: expect.any(Number),
        subscriptionId: expect.any(Number),
        portalId: portal.portal_id,
        appId: app.app_id,
        occurredAt: expect.any(Number),
        subscriptionType: 'contact.creation',
        attemptNumber: 0,
        objectId: id,
        changeSource: 'CRM',
      },
    ]);
    const events = JSON.parse(changes.body) as { subscriptionType: string; propertyName: string; propertyValue: string }[];
    expect(events.map((e) => [e.subscriptionType, e.propertyName, e.propertyValue])).toEqual([
      ['contact.propertyChange', 'firstname', 'Grace'],
      ['contact.propertyChange', 'lastname', 'Hopper'],
    ]);

    for (const delivery of [creation, changes]) {
      const timestamp = Number(delivery.headers['x-hubspot-request-timestamp']);
      expect(
        Signature.isValid({
          signatureVersion: 'v3',
          signature: String(delivery.headers['x-hubspot-signature-v3']),
          method: 'POST',
          clientSecret: app.client_secret,
          requestBody: delivery.body,
          url: targetUrl,
          timestamp,
        }),
      ).toBe(true);
      expect(
        Signature.isValid({
          signatureVersion: 'v1',
          signature: String(delivery.headers['x-hubspot-signature']),
          clientSecret: app.client_secret,
          requestBody: delivery.body,
        }),
      ).toBe(true);
      expect(
        Signature.isValid({
          signatureVersion: 'v3',
          signature: String(delivery.headers['x-hubspot-signature-v3']),
          method: 'POST',
          clientSecret: 'wrong',
          requestBody: delivery.body,
          url: targetUrl,
          timestamp,
        }),
      ).toBe(false);
    }
  });

  it('splits a change of more than 100 events into batches of at most 100', async () => {
    const app = await emulator.createApp();
    const portal = await emulator.createPortal({ objects: { companies: 150 } });
    await emulator.install(portal.portal_id, app.client_id);
    await emulator.call('POST', `/_emulator/hubspot/apps/${app.client_id}/webhooks`, {
      body: { target_url: targetUrl, subscriptions: ['company.propertyChange'] },
    });
    await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/objects/companies/touch`, { body: { count: 150 } });
    const batches = (await deliveries(2)).map((d) => JSON.parse(d.body) as { propertyName: string; objectId: number }[]);
    expect(batches.map((b) => b.length).sort((a, b) => a - b)).toEqual([50, 100]);
    const events = batches.flat();
    expect(new Set(events.map((e) => e.objectId)).size).toBe(150);
    expect(new Set(events.map((e) => e.propertyName))).toEqual(new Set(['hs_lastmodifieddate']));
  });

  it('retries a refused batch with the next attemptNumber, signed again', async () => {
    const app = await emulator.createApp();
    const portal = await emulator.createPortal({ objects: { deals: 1 } });
    await emulator.install(portal.portal_id, app.client_id);
    await emulator.call('POST', `/_emulator/hubspot/apps/${app.client_id}/webhooks`, {
      body: { target_url: targetUrl, subscriptions: ['deal.deletion'] },
    });
    emulator.state.dispatcher.delivery.settings.retryBaseMs = 0;
    status = 500;
    const list = await emulator.call('GET', '/crm/v3/objects/deals', { token: portal.service_key });
    const id = (list.body as { results: { id: string }[] }).results[0]?.id;
    await emulator.call('DELETE', `/crm/v3/objects/deals/${id}`, { token: portal.service_key });
    const [first] = await deliveries(1);
    status = 200;
    const [second] = await deliveries(1);
    expect((JSON.parse(first?.body ?? '[]') as { attemptNumber: number }[])[0]?.attemptNumber).toBe(0);
    expect(JSON.parse(second?.body ?? '[]')).toEqual([
      expect.objectContaining({ subscriptionType: 'deal.deletion', objectId: Number(id), attemptNumber: 1 }),
    ]);
    expect(second?.headers['x-hubspot-signature-v3']).not.toBe(first?.headers['x-hubspot-signature-v3']);
  });
});
