import { describe, expect, it } from 'vitest';
import { firstMessage, messagesByPath } from './test-helpers.ts';
import {
  AddAddressSchema,
  AddressSchema,
  AdminProfileSchema,
  DeleteAddressSchema,
  ProfileSchema,
} from './user.ts';

const profile = { name: 'Maria Clara', email: 'maria@habi.ph', contactNumber: '+639123456789' };

describe('ProfileSchema', () => {
  it('accepts a complete profile', () => {
    expect(ProfileSchema.parse(profile)).toEqual(profile);
  });

  it.each(['', 'M', ' M '])('rejects the name %j with "Too short!"', (name) => {
    expect(messagesByPath(ProfileSchema, { ...profile, name })).toEqual({ name: ['Too short!'] });
  });

  it('rejects a name over 100 characters with "Too long!"', () => {
    expect(firstMessage(ProfileSchema, { ...profile, name: 'x'.repeat(101) })).toBe('Too long!');
  });

  it('checks the email and the phone number', () => {
    expect(
      messagesByPath(ProfileSchema, { ...profile, email: 'maria', contactNumber: '+63912345678' }),
    ).toEqual({
      email: ['Invalid email address'],
      contactNumber: ['Invalid phone number'],
    });
  });

  it('rejects extra fields', () => {
    expect(ProfileSchema.safeParse({ ...profile, password: 'secret' }).success).toBe(false);
  });
});

describe('AddressSchema', () => {
  it('trims an address', () => {
    expect(AddressSchema.parse('  12 Rizal St, Makati 1200 ')).toBe('12 Rizal St, Makati 1200');
  });

  it.each(['', '   ', '\n\t'])('rejects %j with "No value for address"', (address) => {
    expect(firstMessage(AddressSchema, address)).toBe('No value for address');
  });

  it('accepts 500 characters and rejects 501', () => {
    expect(AddressSchema.safeParse('a'.repeat(500)).success).toBe(true);
    expect(firstMessage(AddressSchema, 'a'.repeat(501))).toBe('Address is too long');
  });
});

describe('AddAddressSchema', () => {
  it('takes newAddress', () => {
    expect(AddAddressSchema.parse({ newAddress: ' 12 Rizal St ' })).toEqual({ newAddress: '12 Rizal St' });
  });

  it.each(['', '   '])('rejects %j with "No value for address"', (newAddress) => {
    expect(messagesByPath(AddAddressSchema, { newAddress })).toEqual({
      newAddress: ['No value for address'],
    });
  });

  it('rejects extra fields', () => {
    expect(AddAddressSchema.safeParse({ newAddress: '12 Rizal St', userId: 'x' }).success).toBe(false);
  });
});

describe('DeleteAddressSchema', () => {
  it('takes the address to delete', () => {
    expect(DeleteAddressSchema.safeParse({ address: '12 Rizal St' }).success).toBe(true);
    expect(DeleteAddressSchema.safeParse({ address: '' }).success).toBe(false);
  });
});

describe('AdminProfileSchema', () => {
  const adminProfile = { username: 'admin', email: 'admin@habi.ph' };

  it('accepts a username of 4 or more and an email', () => {
    expect(AdminProfileSchema.parse({ ...adminProfile, username: ' abcd ' })).toEqual({
      ...adminProfile,
      username: 'abcd',
    });
  });

  it.each(['', '   ', 'abc'])('rejects the username %j with "Required"', (username) => {
    const messages = messagesByPath(AdminProfileSchema, { ...adminProfile, username });
    expect(Object.keys(messages)).toEqual(['username']);
    expect(new Set(messages.username)).toEqual(new Set(['Required']));
  });

  it('rejects a username over 50 characters with "Too long!"', () => {
    expect(firstMessage(AdminProfileSchema, { ...adminProfile, username: 'x'.repeat(51) })).toBe('Too long!');
  });

  it('checks the email', () => {
    expect(messagesByPath(AdminProfileSchema, { ...adminProfile, email: 'admin' })).toEqual({
      email: ['Invalid email address'],
    });
  });

  it('rejects extra fields', () => {
    expect(AdminProfileSchema.safeParse({ ...adminProfile, password: 'secret' }).success).toBe(false);
  });
});
