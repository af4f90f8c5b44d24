export { SecretBoxError, createSecretBox, type MasterKey, type SealedPlace, type SecretBox } from './secretBox';
export { parseMasterKeys } from './masterKeys';
export { hmacSha256, timingSafeEqualString } from './hmac';
export { resealColumn, type ResealCount, type ResealStore, type SealedRow } from './reseal';
