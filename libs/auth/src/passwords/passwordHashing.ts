import { hashPassword, verifyPassword, type ScryptParams } from './password';

/**
 * The expensive part of a sign-up (`hash`) and of a login (`verify`), which UsersService runs
 * behind its hashing gates. scrypt in every service; a test substitutes a hashing it can hold, to
 * see what a flood of one flow does to the other without depending on how fast the machine hashes.
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

export function scryptHashing(params: ScryptParams): PasswordHashing {
  return { hash: (password) => hashPassword(password, params), verify: verifyPassword };
}
