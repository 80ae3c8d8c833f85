// The 10,000 most common passwords (issue 23; common-passwords.txt, made by
// scripts/common-passwords.ts), read once into a Set: a password found there is refused wherever a
// password is set. Compared case-insensitively after NFKC normalisation.
import { readFileSync } from 'node:fs';
import { HttpError } from './errors';

export const COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';

export function normalizeForList(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

let list: Set<string> | undefined;
function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return list;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalizeForList(password));
}

/** A 422 on `field` when the password is on the list. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new HttpError('VALIDATION_FAILED', COMMON_PASSWORD, [{ path: field, message: COMMON_PASSWORD }]);
  }
}
