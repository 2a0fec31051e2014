import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's parameters: 19 MiB, 2 iterations, 1 lane.
// `Algorithm` is a const enum that type-stripping loaders cannot inline; 2 is Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified when no account matches, so a miss takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('habi-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
