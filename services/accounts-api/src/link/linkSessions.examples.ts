// Examples shown in openapi.json and on /docs. The document refuses any that its schema rejects.

export const createLinkSessionExample = {
  source: 'stripe_main',
  identifier: 'acme-eu',
  return_url: 'https://app.example.com/integrations/done',
};

export const linkSessionExample = {
  id: '9d2e7c4a-1b3f-4e5d-8a6c-0f1e2d3c4b5a',
  source: 'stripe_main',
  source_type: 'stripe',
  identifier: 'acme-eu',
  return_url: 'https://app.example.com/integrations/done',
  status: 'open',
  expires_at: '2025-03-14T10:30:00.000Z',
  created_at: '2025-03-14T10:00:00.000Z',
  completed_at: null,
  revoked_at: null,
  account: null,
};

export const createdLinkSessionExample = {
  ...linkSessionExample,
  // A made-up token of the real form: `lnk_` and 48 hex characters.
  url: `https://accounts.example.com/link/lnk_${'0123456789abcdef'.repeat(3)}`,
};

export const completedLinkSessionExample = {
  ...linkSessionExample,
  status: 'completed',
  completed_at: '2025-03-14T10:04:31.000Z',
  account: { external_id: 'acct_1PqR2sT3uV4wX5yZ', identifier: 'acme-eu' },
};

export const revokedLinkSessionExample = { ...linkSessionExample, status: 'revoked', revoked_at: '2025-03-14T10:02:00.000Z' };
