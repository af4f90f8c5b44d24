// The emulator's provider-neutral kit. A provider folder (src/hubspot, …) imports from here and
// never from another provider's modules. Some pieces still live where Stripe's emulator first
// grew them and are re-exported: they hold nothing Stripe-specific.
export { hash3, hashString, intBetween, pick, unit, weighted } from '../core/hash';
export type { JsonObject } from '../core/json';
export { effectiveFaults, faultPatchSchema, latencyRange, noFaults } from '../faults/faultSettings';
export type { FaultOverrides, FaultSettings } from '../faults/faultSettings';
export { latencyFor, type LatencySetting } from '../faults/latencyModel';
export { RequestStats } from '../faults/requestStats';
export { saveBeforeAnswer } from '../http/saveBeforeAnswer';
export { escapeHtml } from './html';
export { applyDeliverySettings, deliverySettingsSchema, deliverySettingsView } from '../webhooks/deliverySettings';
export type { DeliverySettings, DeliverySettingsBody } from '../webhooks/deliverySettings';
export { AppendJournal, CorruptJournalError } from './journal/appendJournal';
export { faultGate, type FaultTarget } from './faults/faultGate';
export { Hold } from './faults/hold';
export { SignedDelivery, type SignedAttempt } from './webhooks/signedDelivery';
export { mulberry32 } from './random';
export { LeakyBucket } from './rate/leakyBucket';
