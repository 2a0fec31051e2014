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

/** How long a mailed link to set a new password works. */
export const PASSWORD_RESET_MINUTES = 30;

/** What the forgotten-password steps say, the same on the server and in the web app. */
export const PASSWORD_MESSAGES = {
  resetRequested: `If an account uses that address, we have mailed it a link to set a new password. The link works for ${PASSWORD_RESET_MINUTES} minutes.`,
  badLink:
    'This link is not valid, has expired or has been used already. Ask for a new link to set your password.',
  reset: 'Your new password is set. You are signed in.',
  changed: 'Your password has been changed. Your other sessions are signed out.',
  /** Refused for any new password on the common passwords list (the server checks it). */
  common: 'This password is one of the most common and easy to guess. Choose another.',
  wrongCurrent: 'Your current password is not right',
  sessionEnded: 'Signed out of that session',
  othersEnded: 'Signed out of all other sessions',
} as const;

/** `POST /users/forgot-password`. */
export const ForgotPasswordSchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

/** A mailed link's token: 32 random bytes, base64url. */
export const ResetTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: PASSWORD_MESSAGES.badLink });

/** `POST /users/reset-password/check`: whether a link still works, before a new password is typed. */
export const ResetLinkSchema = z.strictObject({ token: ResetTokenSchema });
/** What a working link answers: the address of the account it sets a password for. */
export const ResetLinkResponseSchema = z.object({ email: z.string() });
export type ResetLinkResponse = z.infer<typeof ResetLinkResponseSchema>;

/** `POST /users/reset-password`. */
export const ResetPasswordSchema = z.strictObject({ token: ResetTokenSchema, password: PasswordSchema });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** `POST /users/me/password`: the current password, and the new one. */
export const ChangePasswordSchema = z.strictObject({
  currentPassword: PasswordSchema,
  password: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** `POST /admin/me/password`, in the admin forms' wording. */
export const AdminChangePasswordSchema = z.strictObject({
  currentPassword: AdminPasswordSchema,
  password: AdminPasswordSchema,
});
export type AdminChangePasswordInput = z.infer<typeof AdminChangePasswordSchema>;

/** One place the account is signed in, as its list of sessions shows it. */
export const SessionSchema = z.object({
  id: z.string(),
  /** The session this list was asked from. */
  current: z.boolean(),
  browser: z.string(),
  os: z.string(),
  /** The client's network, never its whole address: `203.0.113.*` or `2001:db8:1::/48`. */
  network: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionListSchema = z.array(SessionSchema);

/** How long a mailed link to verify an email address (a new account's, or a changed one) works. */
export const EMAIL_VERIFY_HOURS = 24;

export const EMAIL_MESSAGES = {
  verified: 'Your email address is verified.',
  changed: (email: string) => `Your email address is now ${email}.`,
  badLink:
    'This link is not valid, has expired or has been replaced by a newer one. Send a new link from your profile.',
  /** The new address is taken by another account by the time the link is followed. */
  taken: 'That email address now belongs to another account, so yours was not changed.',
  linkSent: (email: string) =>
    `We sent a link to ${email}. Follow it within ${EMAIL_VERIFY_HOURS} hours to verify your address.`,
  changeSent: (email: string) =>
    `We sent a link to ${email}. Your email address changes when you follow it (within ${EMAIL_VERIFY_HOURS} hours).`,
  alreadyVerified: 'Your email address is verified already.',
  /** A code bound to an address, entered by its account before the address is verified. */
  verifyForCode:
    'Verify your email address to use this code: follow the link we mailed you, or send a new one from your profile.',
} as const;

/** `POST /users/verify-email`: a mailed link's token. */
export const VerifyEmailSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: EMAIL_MESSAGES.badLink }),
});
export type VerifyEmailInput = z.infer<typeof VerifyEmailSchema>;
/** What a followed link answers: the account's address now. */
export const VerifyEmailResponseSchema = z.object({ message: z.string(), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;
