import { describe, expect, it } from 'vitest';
import {
  AdminAccountSchema,
  AdminPasswordSchema,
  AdminSignInSchema,
  PasswordSchema,
  SignInSchema,
  SignUpSchema,
  UsernameSchema,
} from './auth.ts';
import { firstMessage, messagesByPath } from './test-helpers.ts';

const signIn = { email: 'juan@example.com', password: 'secret' };
const signUp = {
  name: 'Juan',
  contactNumber: '+639123456789',
  email: 'juan@example.com',
  password: 'secret',
};
const adminSignIn = { username: 'admin', password: 'secret' };

describe('PasswordSchema', () => {
  it.each(['secret', '      ', 'a much longer passphrase'])(
    'accepts %j (6 or more characters)',
    (password) => {
      expect(PasswordSchema.parse(password)).toBe(password);
    },
  );

  it.each(['', 'a', '12345'])("rejects %j with the form's message", (password) => {
    expect(firstMessage(PasswordSchema, password)).toBe('Password must be at least 6 characters long');
  });

  it('rejects a password over 200 characters', () => {
    expect(firstMessage(PasswordSchema, 'x'.repeat(201))).toBe('Password is too long');
    expect(PasswordSchema.safeParse('x'.repeat(200)).success).toBe(true);
  });
});

describe('AdminPasswordSchema', () => {
  it('words the rule in the plural, as the admin forms do', () => {
    expect(firstMessage(AdminPasswordSchema, '12345')).toBe('Passwords must be at least 6 characters long');
  });

  it('accepts 6 characters', () => {
    expect(AdminPasswordSchema.safeParse('123456').success).toBe(true);
  });
});

describe('SignInSchema', () => {
  it('accepts an email and a password', () => {
    expect(SignInSchema.parse(signIn)).toEqual(signIn);
  });

  it('trims the email', () => {
    expect(SignInSchema.parse({ ...signIn, email: '  juan@example.com ' }).email).toBe('juan@example.com');
  });

  it("rejects a short password with the form's message", () => {
    expect(messagesByPath(SignInSchema, { ...signIn, password: '12345' })).toEqual({
      password: ['Password must be at least 6 characters long'],
    });
  });

  it.each(['', 'juan', 'juan@', '@example.com', 'juan example@x.com'])('rejects the email %j', (email) => {
    expect(messagesByPath(SignInSchema, { ...signIn, email })).toEqual({ email: ['Invalid email address'] });
  });

  it('rejects an email over 254 characters', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(email.length).toBe(254);
    expect(SignInSchema.safeParse({ ...signIn, email }).success).toBe(true);
    expect(messagesByPath(SignInSchema, { ...signIn, email: `a${email}` }).email).toContain(
      'Invalid email address',
    );
  });

  it('rejects extra fields', () => {
    expect(SignInSchema.safeParse({ ...signIn, role: 'admin' }).error?.issues[0]?.code).toBe(
      'unrecognized_keys',
    );
  });

  it('requires both fields', () => {
    expect(Object.keys(messagesByPath(SignInSchema, {})).sort()).toEqual(['email', 'password']);
  });
});

describe('SignUpSchema', () => {
  it('accepts a complete sign-up', () => {
    expect(SignUpSchema.parse(signUp)).toEqual(signUp);
  });

  it.each(['', 'J', '  J  '])('rejects the name %j with "Too short"', (name) => {
    expect(messagesByPath(SignUpSchema, { ...signUp, name })).toEqual({ name: ['Too short'] });
  });

  it('accepts a two-letter name and trims it', () => {
    expect(SignUpSchema.parse({ ...signUp, name: ' Jo ' }).name).toBe('Jo');
  });

  it('rejects a name over 100 characters', () => {
    expect(messagesByPath(SignUpSchema, { ...signUp, name: 'x'.repeat(101) })).toEqual({
      name: ['Too long'],
    });
  });

  it.each([
    ['+63912345678', 'eleven digits'],
    ['0912345678901', 'no plus sign'],
    ['+6391234567890', 'thirteen digits'],
    ['639123456789', 'twelve digits without a plus'],
    ['+63 912 345 6789', 'spaces'],
    ['+63-912-345-6789', 'dashes'],
    ['+63912345678a', 'a letter'],
    ['', 'empty'],
  ])('rejects the contact number %j (%s) with "Invalid phone number"', (contactNumber) => {
    expect(messagesByPath(SignUpSchema, { ...signUp, contactNumber })).toEqual({
      contactNumber: ['Invalid phone number'],
    });
  });

  it.each(['+639123456789', '+441234567890'])(
    'accepts the contact number %j (plus and 12 digits)',
    (contactNumber) => {
      expect(SignUpSchema.safeParse({ ...signUp, contactNumber }).success).toBe(true);
    },
  );

  it('rejects a short password with the customer wording', () => {
    expect(messagesByPath(SignUpSchema, { ...signUp, password: 'abc' })).toEqual({
      password: ['Password must be at least 6 characters long'],
    });
  });

  it('reports every bad field at once', () => {
    expect(
      messagesByPath(SignUpSchema, { name: 'J', contactNumber: '123', email: 'nope', password: '1' }),
    ).toEqual({
      name: ['Too short'],
      contactNumber: ['Invalid phone number'],
      email: ['Invalid email address'],
      password: ['Password must be at least 6 characters long'],
    });
  });

  it('rejects extra fields', () => {
    expect(SignUpSchema.safeParse({ ...signUp, isAdmin: true }).success).toBe(false);
  });
});

describe('UsernameSchema', () => {
  it.each(['', 'abc', '  abc  '])('rejects %j with "Too short!"', (username) => {
    expect(firstMessage(UsernameSchema, username)).toBe('Too short!');
  });

  it('accepts four characters and trims', () => {
    expect(UsernameSchema.parse(' admin ')).toBe('admin');
    expect(UsernameSchema.parse('abcd')).toBe('abcd');
  });

  it('rejects over 50 characters with "Too long!"', () => {
    expect(firstMessage(UsernameSchema, 'x'.repeat(51))).toBe('Too long!');
  });
});

describe('AdminSignInSchema', () => {
  it('accepts a username and a password', () => {
    expect(AdminSignInSchema.parse(adminSignIn)).toEqual(adminSignIn);
  });

  it('rejects a short username with "Too short!"', () => {
    expect(messagesByPath(AdminSignInSchema, { ...adminSignIn, username: 'abc' })).toEqual({
      username: ['Too short!'],
    });
  });

  it('rejects a short password with the admin wording', () => {
    expect(messagesByPath(AdminSignInSchema, { ...adminSignIn, password: '12345' })).toEqual({
      password: ['Passwords must be at least 6 characters long'],
    });
  });

  it('does not take an email', () => {
    expect(AdminSignInSchema.safeParse({ ...adminSignIn, email: 'a@b.co' }).success).toBe(false);
  });
});

describe('AdminAccountSchema', () => {
  const account = { username: 'admin', email: 'admin@habi.ph', password: 'secret' };

  it('accepts a username, an email and a password', () => {
    expect(AdminAccountSchema.parse(account)).toEqual(account);
  });

  it('reports the admin messages per field', () => {
    expect(messagesByPath(AdminAccountSchema, { username: 'ab', email: 'x', password: '1' })).toEqual({
      username: ['Too short!'],
      email: ['Invalid email address'],
      password: ['Passwords must be at least 6 characters long'],
    });
  });

  it('requires the email', () => {
    expect(Object.keys(messagesByPath(AdminAccountSchema, adminSignIn))).toEqual(['email']);
  });

  it('rejects extra fields', () => {
    expect(AdminAccountSchema.safeParse({ ...account, role: 'root' }).success).toBe(false);
  });
});

describe('long passwords', () => {
  it("refuses more than 200 characters with 'Password is too long'", () => {
    expect(firstMessage(PasswordSchema, 'x'.repeat(201))).toBe('Password is too long');
    expect(firstMessage(PasswordSchema, 'x'.repeat(200))).toBeUndefined();
  });
});
