import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { StaffRoleSchema } from '../staff.ts';
import { AddressPartsInputSchema, AddressPartsSchema } from './address.ts';
import {
  ContactNumberSchema,
  EmailSchema,
  listQuerySchema,
  MESSAGES,
  multiLineText,
  singleLineText,
} from './common.ts';

/** Profile edit; the file travels beside it as `imageUrl`. */
export const ProfileSchema = z.strictObject({
  name: singleLineText()
    .trim()
    .min(LIMITS.nameMin, { message: 'Too short!' })
    .max(LIMITS.nameMax, { message: 'Too long!' }),
  email: EmailSchema,
  contactNumber: ContactNumberSchema,
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

export const AddressSchema = multiLineText()
  .trim()
  .min(1, { message: 'No value for address' })
  .max(LIMITS.addressMax, { message: 'Address is too long' });

/**
 * With `parts` (a structured address), the saved text is the line built from them
 * (`addressLine`), whatever `newAddress` says; without, `newAddress` is saved as it is.
 */
export const AddAddressSchema = z.strictObject({
  newAddress: AddressSchema,
  parts: AddressPartsInputSchema.optional(),
});
export type AddAddressInput = z.infer<typeof AddAddressSchema>;
export const DeleteAddressSchema = z.strictObject({ address: multiLineText().min(1).max(LIMITS.addressMax) });

/** Admin profile: username required plus at least 4. */
export const AdminProfileSchema = z.strictObject({
  username: singleLineText()
    .trim()
    .min(1, { message: MESSAGES.required })
    .min(LIMITS.usernameMin, { message: MESSAGES.required })
    .max(LIMITS.usernameMax, { message: 'Too long!' }),
  email: EmailSchema,
});
export type AdminProfileInput = z.infer<typeof AdminProfileSchema>;

export const UserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  imageUrl: z.string(),
  shippingAddress: z.array(z.string()),
  /** The parts of the saved addresses that have them, by their text in `shippingAddress`. */
  shippingAddressParts: z.record(z.string(), AddressPartsSchema).optional(),
  /** Whether the address was proven by following a mailed link (what belongs to it waits for that). */
  emailVerified: z.boolean().optional(),
  /** After a profile change of the address: the new one, changed once its mailed link is followed. */
  pendingEmail: z.string().optional(),
});
export type User = z.infer<typeof UserSchema>;

export const AddressListResponseSchema = z.object({
  message: z.string(),
  shippingAddress: z.array(z.string()),
  shippingAddressParts: z.record(z.string(), AddressPartsSchema).optional(),
});

export const UserUpdateResponseSchema = z.object({
  message: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  imageUrl: z.string(),
  /** A new address asked for: it replaces `email` once the link mailed to it is followed. */
  pendingEmail: z.string().optional(),
});

export const AdminSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  email: z.string(),
  imageUrl: z.string(),
  /** The staff member's role: what the back office shows them. */
  role: StaffRoleSchema.optional(),
});
export type Admin = z.infer<typeof AdminSchema>;

export const AdminUpdateResponseSchema = AdminSchema.extend({ message: z.string() });

export const UserListQuerySchema = listQuerySchema(['name', 'email']);
export type UserListQuery = z.infer<typeof UserListQuerySchema>;
