import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret a cookie or a mailed link carries: 32 random bytes, base64url (43 characters). The
 * store keeps only its digest (`tokenDigest`), so a copy of the database opens no session and
 * follows no link.
 */
export const newToken = () => randomBytes(32).toString('base64url');

/** The SHA-256 of a token, hex: what is stored and looked up in its place. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
