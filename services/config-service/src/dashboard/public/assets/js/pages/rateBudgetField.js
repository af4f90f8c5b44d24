import { textField } from '../forms.js';
import { ratePercent } from '../rules.js';

/**
 * The share of the provider's rate limit a source's reads may spend (rate_budget_percent). At
 * most 80 %: the account's own integration keeps the rest.
 */
export function rateBudgetField(value) {
  return textField({
    name: 'rate_budget_percent',
    label: 'Rate budget (%)',
    type: 'number',
    value: String(value),
    hint:
      "The share of the provider's rate limit the loader may spend on each account of this source (Stripe: 100 requests/s live, " +
      "25 in test mode), 5 to 80. The account's own integration keeps the rest; polls for fresh changes are served before backfill pages.",
    rule: ratePercent('The rate budget'),
  });
}
