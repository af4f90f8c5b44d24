export { SecretBoxError, createSecretBox, type MasterKey, type SecretBox } from './secretBox';
export { parseMasterKeys } from './masterKeys';
export { hmacSha256, timingSafeEqualString } from './hmac';
