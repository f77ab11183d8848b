import argon2 from 'argon2';

/** argon2id with the library's default cost (64 MiB, 3 passes), as OWASP recommends. */
export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash must not let anyone in, nor crash the login.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for a login to an account that does not exist or has no
 * password, so the answer time does not tell which accounts exist.
 */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword('meridian-dummy-password-for-timing-0');
  await verifyPassword(await dummyHash, password);
}
