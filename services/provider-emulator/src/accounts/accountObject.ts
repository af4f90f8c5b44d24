import type Stripe from 'stripe';
import type { EmulatorAccount } from '../state/account';

/**
 * The account as `GET /v1/account` shows it. `created` is left out when the account has none;
 * for a connected account it is the connection time, so it bounds nothing about the data.
 */
export function accountObject(account: EmulatorAccount): Stripe.Account {
  const { profile } = account;
  const domain = `${profile.businessName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com`;
  return {
    id: account.id,
    object: 'account',
    business_profile: {
      mcc: '5734',
      minority_owned_business_designation: null,
      name: profile.businessName,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: `support@${domain}`,
      support_phone: null,
      support_url: null,
      url: `https://${domain}`,
    },
    business_type: 'company',
    capabilities: { card_payments: 'active', transfers: 'active' },
    charges_enabled: true,
    controller: account.connectedTo ? { is_controller: false, type: 'account' } : { type: 'account' },
    country: profile.country,
    ...(account.created === null ? {} : { created: account.created }),
    default_currency: profile.currency,
    details_submitted: true,
    email: `owner@${domain}`,
    metadata: {},
    payouts_enabled: true,
    type: 'standard',
  };
}
