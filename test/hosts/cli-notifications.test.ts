import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localInstant } from '../../src/shared/domain/time';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { wd, wdArgs } from '../support/cli';
import { tempDir } from '../support/temp';

let sandbox: Sandbox;
let data: { dir: string; cleanup: () => void };

beforeAll(async () => {
  sandbox = await createSandbox();
  data = tempDir();
  expect((await wd(data.dir, ['login', '--oms-url', sandbox.url, '--user', 'demo'], { env: { WD_PASSWORD: 'demo1234' } })).code).toBe(0);
});
afterAll(async () => {
  await sandbox.close();
  data.cleanup();
});

describe('wd receive and wd notifications', () => {
  it('receives in the foreground with a Bearer token from WD_RECEIVER_TOKEN (not an argument), then lists what arrived', async () => {
    const args = wdArgs(['receive', '--port', '0', '--path', '/hooks/cli-test-path', '--json']);
    const child = spawn(process.execPath, args, {
      env: { ...process.env, WD_DATA_DIR: data.dir, WD_LANG: 'en', WD_RECEIVER_TOKEN: 'tok-abcdefgh' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // What `ps` shows: the command line, which does not carry the token.
    expect(args.join(' ')).not.toContain('tok-abcdefgh');
    const url = await new Promise<string>((resolve) =>
      child.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { url: string }).url)),
    );
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/cli-test-path$/);
    const body = readFileSync(
      join(import.meta.dirname, '../fixtures/service-samples/webhook_ReturnOrderPackageRejectedEvent.json'),
      'utf8',
    );
    const send = (auth?: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body });
    expect((await send()).status).toBe(401);
    expect((await send('Bearer tok-abcdefgh')).status).toBe(200);
    child.kill('SIGTERM');
    expect(await new Promise((r) => child.on('close', r))).toBe(0);

    const list = await wd(data.dir, ['notifications']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('ReturnOrderPackageRejectedEvent');
    expect(list.stdout).toContain('(Eksik Ürün: Kutunun içinden belirtilen ürün çıkmadı)');
    expect(list.stdout).toContain('not in the cache yet');
    const json = JSON.parse((await wd(data.dir, ['notifications', '--json'])).stdout) as { total: number };
    expect(json.total).toBe(1);
  });

  it("prints when each notification came in this computer's time and the CLI's language; --json keeps the instant", async () => {
    const child = spawn(process.execPath, wdArgs(['receive', '--port', '0']), {
      env: { ...process.env, WD_DATA_DIR: data.dir, WD_LANG: 'tr', TZ: 'Europe/Istanbul', WD_RECEIVER_TOKEN: 'tok-abcdefgh' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const url = await new Promise<string>((resolve) =>
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /http:\/\/127\.0\.0\.1:\d+\/\S+?(?=\s|\)|$)/.exec(out);
        if (m) resolve(m[0]);
      }),
    );
    const body = readFileSync(
      join(import.meta.dirname, '../fixtures/service-samples/webhook_ReturnOrderPackageConfirmedEvent.json'),
      'utf8',
    );
    const posted = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer tok-abcdefgh' },
      body,
    });
    expect(posted.status).toBe(200);
    await vi.waitFor(() => expect(out).toContain('ReturnOrderPackageConfirmedEvent'));
    child.kill('SIGTERM');
    expect(await new Promise((r) => child.on('close', r))).toBe(0);

    const json = JSON.parse((await wd(data.dir, ['notifications', '--json'], { env: { TZ: 'Europe/Istanbul' } })).stdout) as {
      items: { hookName: string; receivedAt: string }[];
    };
    const receivedAt = json.items.find((i) => i.hookName === 'ReturnOrderPackageConfirmedEvent')!.receivedAt;
    expect(receivedAt).toMatch(/Z$/);
    // Istanbul's wall clock of that instant, as a Turkish reader writes it: 29.11.2026 11:46:39.
    const [, y, mo, d, hms] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(localInstant(receivedAt, 'Europe/Istanbul')!)!;
    const local = `${d}.${mo}.${y} ${hms}`;
    const receivedLine = out.split('\n').find((l) => l.includes('ReturnOrderPackageConfirmedEvent'))!;
    expect(receivedLine.startsWith(`${local}  ReturnOrderPackageConfirmedEvent`)).toBe(true);
    const list = await wd(data.dir, ['notifications'], { env: { TZ: 'Europe/Istanbul', WD_LANG: 'tr' } });
    const listed = list.stdout.split('\n').find((l) => l.includes('ReturnOrderPackageConfirmedEvent'))!;
    expect(listed.startsWith(`${local}  ReturnOrderPackageConfirmedEvent`)).toBe(true);
  });

  it('refuses a bad path, a token given as an argument, or a short token with exit code 2', async () => {
    expect((await wd(data.dir, ['receive', '--path', 'no-slash'])).code).toBe(2);
    const arg = await wd(data.dir, ['receive', '--token', 'tok-abcdefgh-long']);
    expect(arg.code).toBe(2);
    expect(arg.stderr).toContain('WD_RECEIVER_TOKEN');
    expect((await wd(data.dir, ['receive', '--port', '0'], { env: { WD_RECEIVER_TOKEN: 'short' } })).code).toBe(2);
  });

  it('reads the token from standard input with --token-stdin', async () => {
    const child = spawn(process.execPath, wdArgs(['receive', '--port', '0', '--token-stdin', '--json']), {
      env: { ...process.env, WD_DATA_DIR: data.dir, WD_LANG: 'en', WD_RECEIVER_TOKEN: '' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.stdin.end('piped-token-123\n');
    const url = await new Promise<string>((resolve) =>
      child.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { url: string }).url)),
    );
    const body = readFileSync(join(import.meta.dirname, '../fixtures/service-samples/webhook_OrderPackageStatusChangedEvent.json'), 'utf8');
    const send = (auth: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: auth }, body });
    expect((await send('Bearer tok-abcdefgh')).status).toBe(401);
    expect((await send('Bearer piped-token-123')).status).toBe(200);
    child.kill('SIGTERM');
    expect(await new Promise((r) => child.on('close', r))).toBe(0);
  });
});
