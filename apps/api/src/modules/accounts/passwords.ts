import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes), OWASP's minimum recommendation.
export const hashPassword = (password: string) => hash(password);

// Verifying against this when no account matches keeps the answer time the same, so timing reveals nothing.
const DUMMY_HASH = hash('not-a-real-password-but-the-same-cost');

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
