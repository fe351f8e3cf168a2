import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { startWebHost, type WebHost } from '../../src/main/hosts/web/server';
import { sendOversized } from '../support/oversize';
import { tempDir } from '../support/temp';
import { openWebHost } from '../support/web-open';
import { spawn, spawnSync } from 'node:child_process';
import { resources } from '../../src/shared/i18n';

let core: Core;
let host: WebHost;
let cleanup: () => void;
/** The cookie the one-time address set (the browser of the user who started the host). */
let cookie: string;

beforeAll(async () => {
  const t = tempDir();
  cleanup = t.cleanup;
  const renderer = join(t.dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  writeFileSync(join(renderer, 'assets', 'a.js'), 'console.log(1)');
  writeFileSync(join(renderer, 'assets', 'a.js.map'), '{"sources":["src/secret.ts"]}');
  writeFileSync(join(t.dir, 'secret.txt'), 'do not serve');
  core = createCore({ dataDir: join(t.dir, 'data'), host: 'web', log: () => undefined });
  host = await startWebHost({ core, rendererDir: renderer });
  ({ cookie } = await openWebHost(host.openUrl));
});
afterAll(async () => {
  await host.close();
  await core.close();
  cleanup();
});

/** Raw HTTP so the Host and Origin headers can be forged. */
function raw(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const url = new URL(host.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, path, method: opts.method ?? 'GET', headers: { host: url.host, cookie, ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const invoke = (method: string, input: unknown, headers: Record<string, string> = {}) =>
  raw(`/api/invoke/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-wd-secret': host.secret, ...headers },
    body: JSON.stringify(input),
  });

describe('web host', () => {
  it('listens on 127.0.0.1 and serves the page with the per-run secret and a strict CSP', async () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await raw('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="wd-web-secret" content="${host.secret}"`);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('answers contract calls that carry the secret', async () => {
    const r = await invoke('session.get', {});
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ ok: true, value: { signedIn: false } });
    // The host's own share of the answer's time, for the page's timing (Server-Timing).
    expect(String(r.headers['server-timing'])).toMatch(/^core;dur=\d+\.\d$/);
  });

  it('refuses calls without the secret, with a wrong one, from a foreign origin or a rebound Host', async () => {
    expect((await invoke('session.get', {}, { 'x-wd-secret': '' })).status).toBe(401);
    expect((await invoke('session.get', {}, { 'x-wd-secret': 'guess' })).status).toBe(401);
    expect((await invoke('session.get', {}, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await invoke('session.get', {}, { host: 'evil.example:80' })).status).toBe(403);
    expect((await raw('/api/events')).status).toBe(401);
  });

  it('turns bad requests into typed errors', async () => {
    expect(JSON.parse((await invoke('nope.nothing', {})).body)).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    const notJson = await raw('/api/invoke/session.get', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wd-secret': host.secret },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    const text = await raw('/api/invoke/session.get', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-wd-secret': host.secret },
      body: '{}',
    });
    expect(text.status).toBe(415);
    const headers = { 'content-type': 'application/json', 'x-wd-secret': host.secret, cookie };
    const declared = await sendOversized(`${host.url}api/invoke/session.get`, headers, { declared: 11 * 1024 * 1024 });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const streamed = await sendOversized(`${host.url}api/invoke/session.get`, headers, { streamed: 10 * 1024 * 1024 + 1 });
    expect(streamed.status).toBe(413);
  });

  it('keeps the administrator PIN unlocked per page: another page (or a call without one) is refused', async () => {
    const pageA = { 'x-wd-page': 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' };
    const pageB = { 'x-wd-page': 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' };
    const station = (headers: Record<string, string>) => invoke('settings.update', { stationName: 'PC-7' }, headers);
    expect(JSON.parse((await station(pageA)).body)).toMatchObject({
      ok: false,
      error: { code: 'forbidden', params: { reason: 'admin_pin_not_set' } },
    });
    expect(JSON.parse((await invoke('admin.setPin', { pin: '1357', confirm: '1357' }, pageA)).body)).toMatchObject({ ok: true });
    expect(JSON.parse((await station(pageA)).body)).toMatchObject({ ok: true, value: { stationName: 'PC-7' } });
    expect(JSON.parse((await station(pageB)).body)).toMatchObject({ ok: false, error: { params: { reason: 'admin_locked' } } });
    expect(JSON.parse((await station({})).body)).toMatchObject({ ok: false, error: { params: { reason: 'admin_locked' } } });
  });

  it('refuses a station name with a NUL or another control character, saying why (issue 47, item 10)', async () => {
    for (const name of ['PC\u00007', 'PC\n7'])
      expect(JSON.parse((await invoke('settings.update', { stationName: name })).body)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', params: { reason: 'station_name_control_chars' } },
      });
  });

  it('serves built files only from the renderer folder', async () => {
    expect((await raw('/assets/a.js')).status).toBe(200);
    expect((await raw('/../secret.txt')).body).not.toContain('do not serve');
    expect((await raw('/%2e%2e/secret.txt')).body).not.toContain('do not serve');
    expect((await raw('/assets/missing.js')).status).toBe(404);
    // No source maps, even one left in the folder (issue 47, item 10).
    const map = await raw('/assets/a.js.map');
    expect(map.status).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    // A path that is not valid percent-encoding is a file that is not there, not a server error.
    const malformed = await raw('/%E0%A4%A');
    expect(malformed.status).toBe(404);
    expect(malformed.body).not.toContain('URIError');
  });

  it('opens only from its one-time address: without the cookie it sets, the page, its files and the API answer 401 in words', async () => {
    // What another account on the PC can do: connect to 127.0.0.1 and ask.
    for (const path of ['/', '/index.html', '/assets/a.js', '/api/events']) {
      const r = await raw(path, { headers: { cookie: '' } });
      expect(r.status).toBe(401);
      expect(r.body).toContain(resources[core.ctx.settings.get().language].errors.reasons.web_link_needed.slice(0, 20));
      expect(r.body).not.toContain(host.secret);
    }
    const call = await invoke('customers.none', {}, { cookie: `wd_web_${new URL(host.url).port}=guess` });
    expect(call.status).toBe(401);
    expect(JSON.parse(call.body)).toMatchObject({ ok: false, error: { code: 'forbidden', params: { reason: 'web_link_needed' } } });
    // A one-time address works once: whoever copies it afterwards gets nothing.
    const once = host.newOpenUrl();
    const first = await fetch(once, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('set-cookie')).toMatch(/^wd_web_\d+=[\w-]+; HttpOnly; SameSite=Strict; Path=\/$/);
    const again = await fetch(once, { redirect: 'manual' });
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  // The machine's tests run as root: a request made as "nobody" (uid 65534) is another local user.
  it.runIf(process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0)(
    'another local user (uid 65534) connecting to it gets 401 and never the secret',
    async () => {
      const script = `fetch(${JSON.stringify(host.url)}).then(async (r) => console.log(JSON.stringify({ status: r.status, uid: process.getuid(), body: await r.text() })))`;
      // Not spawnSync: the host answers from this very process.
      const child = spawn('setpriv', ['--reuid', '65534', '--regid', '65534', '--clear-groups', process.execPath, '-e', script]);
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      await new Promise((resolve) => child.on('close', resolve));
      const seen = JSON.parse(out) as { status: number; uid: number; body: string };
      expect(seen.uid).toBe(65534);
      expect(seen.status).toBe(401);
      expect(seen.body).toContain(resources[core.ctx.settings.get().language].errors.reasons.web_link_needed.slice(0, 20));
      expect(seen.body).not.toContain(host.secret);
    },
  );
});
