import { nodeCrypto } from '../builtins';

/**
 * The receiver's Bearer token or Basic password is kept only as a salted SHA-256 hash
 * (`s256$<salt>$<digest>`, base64url): checking a request needs nothing more, and a copy of the
 * workspace file does not hand out the credential. A generated token has 256 random bits, so one
 * fast hash is enough; a chosen Basic password should be long (the form asks for 8+ characters).
 */
const PREFIX = 's256$';

const digest = (salt: Buffer, secret: string) => nodeCrypto().createHash('sha256').update(salt).update(secret, 'utf8').digest();

export function hashSecret(secret: string): string {
  const salt = nodeCrypto().randomBytes(16);
  return `${PREFIX}${salt.toString('base64url')}$${digest(salt, secret).toString('base64url')}`;
}

export const isHashed = (stored: string): boolean => stored.startsWith(PREFIX);

/** Constant-time comparison of a presented secret with a stored hash. */
export function verifySecret(presented: string, stored: string | null): boolean {
  if (!stored || !isHashed(stored)) return false;
  const [salt, want] = stored.slice(PREFIX.length).split('$');
  if (!salt || !want) return false;
  const expected = Buffer.from(want, 'base64url');
  const got = digest(Buffer.from(salt, 'base64url'), presented);
  return expected.length === got.length && nodeCrypto().timingSafeEqual(expected, got);
}

/** A new random Bearer token: 32 random bytes, URL-safe (43 characters). */
export const newToken = (): string => nodeCrypto().randomBytes(32).toString('base64url');
