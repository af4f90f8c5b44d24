// Examples shown in openapi.json and on /docs. The document refuses any that its schema rejects.

const externalId = 'acct_1PqR2sT3uV4wX5yZ';

export const accountRefExample = { external_id: externalId, identifier: 'acme-eu' };

export const registrationExample = { account: accountRefExample, already_existed: false };

export const accountStateExample = { ...accountRefExample, active: true };

export const accountExample = {
  source_type: 'stripe',
  identifier: 'acme-eu',
  external_id: externalId,
  source: 'stripe_main',
  credential_kind: 'secret_key',
  active: true,
  status: 'live',
  status_reason: null,
  last_synced_at: '2025-03-14T09:26:53.000Z',
  collections: [
    {
      resource: 'charges',
      table: 'stripe_charges',
      status: 'live',
      rows_loaded: 18_432,
      warnings: [],
      verified_at: '2025-03-14T06:00:12.000Z',
      verified_through: '2025-03-14T05:00:00.000Z',
      drift_found: 0,
      drift_repaired: 0,
    },
    {
      resource: 'customers',
      table: 'stripe_customers',
      status: 'live',
      rows_loaded: 2_210,
      warnings: [
        {
          code: 'test_clocks_unreadable',
          message:
            'objects attached to test clocks were not loaded: the key may not list test clocks (give the restricted key read access to Test clocks, then resync)',
        },
      ],
      verified_at: null,
      verified_through: null,
      drift_found: null,
      drift_repaired: null,
    },
  ],
  created_at: '2025-03-01T12:00:00.000Z',
  updated_at: '2025-03-14T09:26:53.000Z',
};
