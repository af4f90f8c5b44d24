/**
 * An account identifier (docs/accounts-api.md, Registration rules): it becomes the `account_id` column of the account's rows in
 * every destination, so it is kept to characters that are safe in any database, file name (blob
 * storage folders) and URL path segment. The migration checks the same pattern.
 */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,254}$/;

export const IDENTIFIER_RULE =
  'an identifier is 1-255 characters: letters, digits, and _ . @ - (not first), starting with a letter or digit';

export function isValidIdentifier(value: string): boolean {
  return IDENTIFIER_PATTERN.test(value);
}
