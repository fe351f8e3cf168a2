import { timingSafeEqual } from 'node:crypto';
import { LOGIN_PATH, LoginRequest } from '../../shared/service/login';
import { signJwt } from './jwt';
import type { SandboxCore, SandboxModule } from './server';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** POST /Auth/login: HS256 JWT with `expire`; wrong credentials answered the way the service fails. */
export function createAuthModule(core: SandboxCore): SandboxModule {
  return {
    routes: [
      {
        method: 'POST',
        path: LOGIN_PATH,
        auth: false,
        async handle(req) {
          const body = LoginRequest.safeParse(await req.json());
          const user = body.success ? body.data.UserName : '';
          const password = body.success ? body.data.Password : '';
          const expected = Object.prototype.hasOwnProperty.call(core.users, user) ? core.users[user] : undefined;
          if (!user || expected === undefined || !same(expected, password)) {
            return {
              status: 401,
              body: { token: null, expire: null, isSuccess: false, statusCode: '401', errorMesssage: 'Kullanıcı adı veya şifre hatalı.' },
            };
          }
          const iat = Math.floor(core.now() / 1000);
          const exp = iat + core.config.tokenLifetimeSeconds;
          const token = signJwt({ sub: user, iat, exp, gen: core.generation }, core.secret);
          return {
            status: 200,
            body: { token, expire: new Date(exp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'), isSuccess: true, statusCode: null },
          };
        },
      },
    ],
    admin: [
      {
        method: 'POST',
        path: 'users',
        async handle(req) {
          const body = (await req.json()) as Record<string, unknown>;
          for (const [u, p] of Object.entries(body ?? {})) if (typeof p === 'string') core.users[u] = p;
          return { status: 200, body: { users: Object.keys(core.users) } };
        },
      },
    ],
  };
}
