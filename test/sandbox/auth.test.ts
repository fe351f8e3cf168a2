import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';

let s: Sandbox;
afterEach(async () => s?.close());

const login = (url: string, body: unknown, type = 'application/json') =>
  fetch(`${url}/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('sandbox login', () => {
  it('issues an HS256 JWT with an ISO expire, lifetime configurable', async () => {
    s = await createSandbox({ config: { tokenLifetimeSeconds: 120 } });
    const res = await login(s.url, { UserName: 'demo', Password: 'demo1234' });
    const body = (await res.json()) as { token: string; expire: string; isSuccess: boolean; statusCode: unknown };
    expect(res.status).toBe(200);
    expect(body.isSuccess).toBe(true);
    expect(body.statusCode).toBeNull();
    expect(JSON.parse(Buffer.from(body.token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const lifetime = Date.parse(body.expire) - Date.now();
    expect(lifetime).toBeGreaterThan(110_000);
    expect(lifetime).toBeLessThan(125_000);
    expect(body.expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('answers wrong credentials like a service failure, and refuses bad bodies', async () => {
    s = await createSandbox();
    const wrong = await login(s.url, { UserName: 'demo', Password: 'x' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ isSuccess: false, token: null });
    expect((await login(s.url, '{oops')).status).toBe(400);
    expect((await login(s.url, 'UserName=demo', 'text/plain')).status).toBe(415);
  });

  it('requires a Bearer token on everything else, and expired or revoked tokens get 401', async () => {
    s = await createSandbox({ config: { tokenLifetimeSeconds: 60 } });
    const { token } = (await (await login(s.url, { UserName: 'demo', Password: 'demo1234' })).json()) as { token: string };
    const update = (authorization?: string) =>
      fetch(`${s.url}/Inventory/UpdateInventory`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify([{ Sku: 'SKU-1', Qty: 3, StorageCode: 'A-01-01' }]),
      });
    expect((await update(`Bearer ${token}`)).status).toBe(200);
    expect((await update()).status).toBe(401);
    expect((await update(token)).status).toBe(401);
    expect((await update(`Bearer ${token.slice(0, -2)}xx`)).status).toBe(401);

    // The sandbox's clock moves past the token's exp (60 s): the same token is now refused.
    const start = Date.now();
    s.core.now = () => start + 61_000;
    const expired = await update(`Bearer ${token}`);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ isSuccess: false, statusCode: '401' });

    // A fresh token works until every token is revoked.
    s.core.now = Date.now;
    const fresh = ((await (await login(s.url, { UserName: 'demo', Password: 'demo1234' })).json()) as { token: string }).token;
    expect((await update(`Bearer ${fresh}`)).status).toBe(200);
    expect((await fetch(`${s.url}/_sandbox/expire-tokens`, { method: 'POST' })).status).toBe(200);
    expect((await update(`Bearer ${fresh}`)).status).toBe(401);
    expect((await fetch(`${s.url}/_sandbox/config`)).status).toBe(200);
  });

  it('goes offline: service connections are reset, admin still answers', async () => {
    s = await createSandbox();
    await fetch(`${s.url}/_sandbox/offline`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"offline":true}' });
    await expect(login(s.url, { UserName: 'demo', Password: 'demo1234' })).rejects.toThrow();
    await fetch(`${s.url}/_sandbox/offline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"offline":false}',
    });
    expect((await login(s.url, { UserName: 'demo', Password: 'demo1234' })).status).toBe(200);
  });

  it('plans one-shot failures and adds latency', async () => {
    s = await createSandbox();
    const post = (p: string, b: unknown) =>
      fetch(`${s.url}/_sandbox/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    await post('fail-next', { path: '/Auth/login', status: 503, count: 1 });
    expect((await login(s.url, { UserName: 'demo', Password: 'demo1234' })).status).toBe(503);
    expect((await login(s.url, { UserName: 'demo', Password: 'demo1234' })).status).toBe(200);
    // Latency on the sandbox's own clock: the answer waits until 300 ms have passed on it.
    await post('config', { latencyMs: 300 });
    const waits: number[] = [];
    let pass!: () => void;
    s.core.sleep = (ms) => {
      waits.push(ms);
      return new Promise((r) => (pass = r));
    };
    let answered = false;
    const slow = login(s.url, { UserName: 'demo', Password: 'demo1234' }).finally(() => (answered = true));
    await vi.waitFor(() => expect(waits).toEqual([300]));
    expect(answered).toBe(false);
    pass();
    expect((await slow).status).toBe(200);
    expect((await post('config', { nope: 1 })).status).toBe(400);
  });
});
