import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { ContactNumberSchema, EmailSchema, singleLineText } from './common.ts';

export const PasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, { message: 'Password must be at least 6 characters long' })
  .max(LIMITS.passwordMax, { message: 'Password is too long' });
/** Admin forms word it in the plural. */
export const AdminPasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, { message: 'Passwords must be at least 6 characters long' })
  .max(LIMITS.passwordMax, { message: 'Password is too long' });

export const SignInSchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const SignUpSchema = z.strictObject({
  name: singleLineText()
    .trim()
    .min(LIMITS.nameMin, { message: 'Too short' })
    .max(LIMITS.nameMax, { message: 'Too long' }),
  contactNumber: ContactNumberSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const UsernameSchema = singleLineText()
  .trim()
  .min(LIMITS.usernameMin, { message: 'Too short!' })
  .max(LIMITS.usernameMax, { message: 'Too long!' });

export const AdminSignInSchema = z.strictObject({
  username: UsernameSchema,
  password: AdminPasswordSchema,
});
export type AdminSignInInput = z.infer<typeof AdminSignInSchema>;

/** An admin account with email: the bootstrap, `admin:create` and admins adding admins. */
export const AdminAccountSchema = z.strictObject({
  username: UsernameSchema,
  email: EmailSchema,
  password: AdminPasswordSchema,
});
export type AdminAccountInput = z.infer<typeof AdminAccountSchema>;
