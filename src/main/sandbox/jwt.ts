import { createHmac, timingSafeEqual } from 'node:crypto';

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export interface Claims {
  sub: string;
  iat: number;
  exp: number;
  /** Token generation: "expire all tokens" bumps the sandbox's generation. */
  gen: number;
}

/** HS256 JWT, as the service's login issues. */
export function signJwt(claims: Claims, secret: Buffer): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export function verifyJwt(token: string, secret: Buffer): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
    return typeof claims.exp === 'number' && typeof claims.sub === 'string' ? claims : null;
  } catch {
    return null;
  }
}
