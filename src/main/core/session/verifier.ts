import { nodeCrypto } from '../builtins';

const N = 16384;
const KEYLEN = 32;

function derive(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    nodeCrypto().scrypt(secret, salt, KEYLEN, { N, r: 8, p: 1 }, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

/**
 * A salted scrypt hash of user name + password from the last good sign-in. It lets the same
 * person back in while the service is unreachable (reads from the cache, writes to the outbox);
 * it is not the password and cannot be sent to the service.
 */
export async function makeVerifier(userName: string, password: string): Promise<string> {
  const salt = nodeCrypto().randomBytes(16);
  const key = await derive(`${userName}\u0000${password}`, salt);
  return `scrypt$${N}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function checkVerifier(verifier: string, userName: string, password: string): Promise<boolean> {
  const [kind, n, saltB64, keyB64] = verifier.split('$');
  if (kind !== 'scrypt' || Number(n) !== N || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await derive(`${userName}\u0000${password}`, Buffer.from(saltB64, 'base64'));
  return key.length === expected.length && nodeCrypto().timingSafeEqual(key, expected);
}
