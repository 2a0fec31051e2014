import { PASSWORD_MESSAGES } from '@habi/shared';
import { describe, expect, it } from 'vitest';
import list from './common-passwords.json' with { type: 'json' };
import { isCommonPassword, refuseCommonPassword } from './common-passwords.ts';

describe('the common passwords', () => {
  it('are the 10,000 of the list, each once, the most common first', () => {
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.slice(0, 6)).toEqual(['password', '123456', '12345678', '1234', 'qwerty', '12345']);
  });

  it('are refused in any case, and nothing else is', () => {
    for (const password of ['password', 'PASSWORD', 'Sunshine', 'iloveyou', 'trustno1', 'qwerty123']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of ['secret123', 'habi-linen-shirt', 'password!', ' password']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
    expect(() => refuseCommonPassword('Dragon')).toThrow(PASSWORD_MESSAGES.common);
    expect(() => refuseCommonPassword('not-so-common-9')).not.toThrow();
  });
});
