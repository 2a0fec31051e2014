import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ContactNumberSchema,
  DeleteByIdBodySchema,
  EmailSchema,
  ErrorResponseSchema,
  IdParamsSchema,
  IdSchema,
  MoneySchema,
  selectOptionText,
} from './common.ts';
import { firstMessage } from './test-helpers.ts';

describe('IdSchema', () => {
  it('accepts a UUID', () => {
    expect(IdSchema.parse('3b241101-e2bb-4255-8caf-4136c566a962')).toBe(
      '3b241101-e2bb-4255-8caf-4136c566a962',
    );
  });

  it.each([
    '',
    '123',
    '3b241101-e2bb-4255-8caf-4136c566a96',
    '3b241101e2bb42558caf4136c566a962',
    '3b241101-e2bb-4255-8caf-4136c566a962-',
    'zb241101-e2bb-4255-8caf-4136c566a962',
    '65f0c1e2a1b2c3d4e5f60718',
  ])('rejects %j with "Invalid id"', (id) => {
    expect(firstMessage(IdSchema, id)).toBe('Invalid id');
  });

  it('checks the id path parameter', () => {
    expect(IdParamsSchema.safeParse({ id: 'nope' }).error?.issues[0]?.path).toEqual(['id']);
  });
});

describe('EmailSchema', () => {
  it('trims and accepts a valid address', () => {
    expect(EmailSchema.parse('  maria@habi.ph  ')).toBe('maria@habi.ph');
  });

  it.each(['', 'maria', 'maria@', 'maria@habi', 'maria@@habi.ph'])('rejects %j', (email) => {
    expect(firstMessage(EmailSchema, email)).toBe('Invalid email address');
  });
});

describe('ContactNumberSchema', () => {
  it('accepts a plus sign and exactly 12 digits', () => {
    expect(ContactNumberSchema.parse('+639123456789')).toBe('+639123456789');
  });

  it.each(['+63912345678', '+6391234567890', '0912345678901', ' +639123456789'])('rejects %j', (value) => {
    expect(firstMessage(ContactNumberSchema, value)).toBe('Invalid phone number');
  });
});

describe('MoneySchema', () => {
  it.each(['699.00', '0.05', '1299.50'])('accepts the wire decimal %j', (value) => {
    expect(MoneySchema.safeParse(value).success).toBe(true);
  });

  it.each(['699', '699.5', '1,299.00', '-1.00', '₱699.00'])('rejects %j', (value) => {
    expect(MoneySchema.safeParse(value).success).toBe(false);
  });
});

describe('ErrorResponseSchema', () => {
  it('takes a message and optional field errors', () => {
    expect(ErrorResponseSchema.safeParse({ message: 'Bad input' }).success).toBe(true);
    expect(
      ErrorResponseSchema.safeParse({ message: 'Bad input', errors: { name: 'Too short' } }).success,
    ).toBe(true);
    expect(ErrorResponseSchema.safeParse({ errors: {} }).success).toBe(false);
  });
});

describe('selectOptionText', () => {
  const Colour = selectOptionText(z.enum(['Red', 'Blue']), 'Choose a colour');

  it('parses the JSON text of an option to its value', () => {
    expect(Colour.parse('{"label":"Red","value":"Red"}')).toBe('Red');
  });

  it.each([
    ['', 'empty text'],
    ['   ', 'blank text'],
    [undefined, 'a missing field'],
  ])('gives null for %j (%s)', (text, _reason) => {
    expect(Colour.parse(text)).toBeNull();
  });

  it.each([
    ['{"label":"Red"', 'malformed JSON'],
    ['Red', 'a bare word'],
    ['"Red"', 'a JSON string'],
    ['null', 'JSON null'],
    ['{"value":"Red"}', 'no label'],
    ['{"label":"Green","value":"Green"}', 'an unknown value'],
  ])('rejects %j (%s) with the given message', (text) => {
    expect(firstMessage(Colour, text)).toBe('Choose a colour');
  });

  it('rejects text over 2000 characters', () => {
    expect(Colour.safeParse(`{"label":"${'x'.repeat(2000)}","value":"Red"}`).success).toBe(false);
  });
});

describe('DeleteByIdBodySchema', () => {
  it('accepts no body (undefined or null), an empty body, an _id or an orderId', () => {
    expect(DeleteByIdBodySchema.safeParse(undefined).success).toBe(true);
    expect(DeleteByIdBodySchema.safeParse(null).success).toBe(true);
    expect(DeleteByIdBodySchema.safeParse({ orderId: 'abc' }).success).toBe(true);
    expect(DeleteByIdBodySchema.safeParse({}).success).toBe(true);
    expect(DeleteByIdBodySchema.safeParse({ _id: 'abc' }).success).toBe(true);
  });

  it('rejects extra fields', () => {
    expect(DeleteByIdBodySchema.safeParse({ _id: 'abc', force: true }).success).toBe(false);
  });
});
