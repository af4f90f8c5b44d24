import { ApiError } from '@datasync/errors';
import { latencyRange, type FaultOverrides } from '../kit/faults/faultSettings';
import { isResourceName, type ResourceName } from '../generators/resourceNames';
import { stripeErrors } from '../http/stripeErrors';
import type { EmulatorAccount } from '../state/account';
import { AccountExistsError, type EmulatorState } from '../state/emulatorState';
import type { NewAccountBody } from './accountSchema';

/** Fault fields of an admin body as stored overrides (`latency_ms: 25` → a 25–25 range). */
export function faultOverridesOf(body: NewAccountBody): FaultOverrides {
  const overrides: FaultOverrides = {};
  if (body.rate_limit !== undefined) overrides.rate_limit = body.rate_limit;
  if (body.throttle_rate !== undefined) overrides.throttle_rate = body.throttle_rate;
  if (body.error_rate !== undefined) overrides.error_rate = body.error_rate;
  if (body.reset_rate !== undefined) overrides.reset_rate = body.reset_rate;
  if (body.latency_ms !== undefined) overrides.latency_ms = body.latency_ms === null ? null : latencyRange(body.latency_ms);
  return overrides;
}

/** `POST /_emulator/accounts`. */
export function createAccount(state: EmulatorState, body: NewAccountBody): EmulatorAccount {
  if (body.connected_to !== undefined && !state.account(body.connected_to)) {
    throw stripeErrors.resourceMissing('account', body.connected_to, 'connected_to', 400);
  }
  if (body.end !== undefined && body.end > Math.floor(Date.now() / 1000)) {
    throw stripeErrors.invalidValue('end', "'end' must not be in the future: generated objects exist before the account is created.");
  }
  let objects: Partial<Record<ResourceName, number>> | undefined;
  if (body.objects) {
    objects = {};
    for (const [name, count] of Object.entries(body.objects)) if (isResourceName(name)) objects[name] = count;
  }
  try {
    const account = state.createAccount({
      seed: body.seed,
      objects,
      country: body.country,
      businessName: body.business_name,
      end: body.end,
      historyDays: body.history_days,
      created: body.created,
      connectedTo: body.connected_to,
      faults: faultOverridesOf(body),
    });
    if (body.api_version !== undefined) account.events.apiVersion = body.api_version;
    if (body.restricted_key_without !== undefined) account.restrictedKeyWithout = new Set(body.restricted_key_without);
    if (body.routes_absent !== undefined) account.routesAbsent = new Set(body.routes_absent);
    return account;
  } catch (err) {
    if (err instanceof AccountExistsError)
      throw new ApiError(400, 'invalid_request_error', err.message, { code: 'account_exists', param: 'seed' });
    throw err;
  }
}
