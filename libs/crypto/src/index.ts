export { SecretBoxError, createSecretBox, type MasterKey, type SealedPlace, type SecretBox, type SecretBoxOptions } from './secretBox';
export { parseMasterKeys } from './masterKeys';
export { purposeKeys } from './subkeys';
export { hmacSha256, timingSafeEqualString } from './hmac';
export { resealColumn, type ResealCount, type ResealStore, type SealedRow } from './reseal';
