import { nodeCrypto } from '../builtins';

/**
 * The administrator PIN is kept only as a scrypt verifier: `scrypt$N$r$p$salt$key` (base64), with
 * N = 2^15, r = 8, p = 1, a 16-byte random salt and a 32-byte key. The parameters are stored with
 * it, so a later version may raise them and still check an old PIN.
 */
export const PIN_SCRYPT = { N: 32_768, r: 8, p: 1, keyLen: 32, saltLen: 16 } as const;
const MAXMEM = 64 * 1024 * 1024;

function derive(pin: string, salt: Buffer, N: number, r: number, p: number, keyLen: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    nodeCrypto().scrypt(pin, salt, keyLen, { N, r, p, maxmem: MAXMEM }, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

export async function makePinVerifier(pin: string): Promise<string> {
  const { N, r, p, keyLen, saltLen } = PIN_SCRYPT;
  const salt = nodeCrypto().randomBytes(saltLen);
  const key = await derive(pin, salt, N, r, p, keyLen);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function checkPinVerifier(verifier: string, pin: string): Promise<boolean> {
  const [kind, n, r, p, saltB64, keyB64] = verifier.split('$');
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (kind !== 'scrypt' || !saltB64 || !keyB64 || ![N, R, P].every((x) => Number.isInteger(x) && x > 0)) return false;
  if (N > 1 << 20 || R > 32 || P > 16) return false;
  const expected = Buffer.from(keyB64, 'base64');
  if (expected.length < 16) return false;
  const key = await derive(pin, Buffer.from(saltB64, 'base64'), N, R, P, expected.length);
  return nodeCrypto().timingSafeEqual(key, expected);
}
