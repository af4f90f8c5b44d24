// The emulator's provider-neutral kit: what every provider's emulator (Stripe's in src/*, HubSpot's
// in src/hubspot, …) is built on. A provider imports from here and never from another provider's
// modules; the kit imports nothing from outside src/kit (kitBoundary.unit.test.ts).
export { hash3, hashString, intBetween, pick, unit, weighted } from './hash';
export type { JsonObject } from './json';
export { effectiveFaults, faultPatchSchema, latencyRange, noFaults } from './faults/faultSettings';
export type { FaultOverrides, FaultSettings } from './faults/faultSettings';
export { latencyFor, type LatencySetting } from './faults/latencyModel';
export { RequestStats } from './faults/requestStats';
export { saveBeforeAnswer } from './http/saveBeforeAnswer';
export { escapeHtml } from './html';
export { applyDeliverySettings, deliverySettingsSchema, deliverySettingsView } from './webhooks/deliverySettings';
export type { DeliverySettings, DeliverySettingsBody } from './webhooks/deliverySettings';
export { AppendJournal, CorruptJournalError, type OpenOptions } from './journal/appendJournal';
export { faultGate, type FaultGateOptions, type FaultTarget } from './faults/faultGate';
export { Hold, type HoldOptions } from './faults/hold';
export { SignedDelivery, type OutgoingRequest, type SignedAttempt } from './webhooks/signedDelivery';
export { mulberry32 } from './random';
export { LeakyBucket } from './rate/leakyBucket';
