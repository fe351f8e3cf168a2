import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import type { CliRun } from '../support/cli';
import { tempDir } from '../support/temp';

const root = join(import.meta.dirname, '../..');
let sandbox: Sandbox;
let out: { dir: string; cleanup: () => void };
let data: { dir: string; cleanup: () => void };

/** Runs the built bundle the way `bin` does: plain node, no TypeScript loader (`node`: options of node's own). */
function built(args: string[], env: Record<string, string> = {}, node: string[] = []): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...node, join(out.dir, 'wd.js'), ...args], {
      cwd: root,
      env: { ...process.env, WD_DATA_DIR: data.dir, WD_LANG: 'en', WD_PASSWORD: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.end();
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

beforeAll(async () => {
  // Inside the repository (.cache/ is ignored; out/ holds only the real bundles): the bundle
  // finds better-sqlite3 in node_modules.
  mkdirSync(join(root, '.cache'), { recursive: true });
  const dir = mkdtempSync(join(root, '.cache', 'cli-test-'));
  out = { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  data = tempDir();
  // The real CLI build (cli.vite.config.ts, built by the global set-up into out/cli), copied: the
  // tests below move and replace its chunks, which the other files' tests run at the same time.
  cpSync(join(root, 'out/cli'), out.dir, { recursive: true, filter: (f) => !f.endsWith('.map') });
  sandbox = await createSandbox({ packages: 60, returns: 10, seed: 8, days: 10 });
}, 120_000);
afterAll(async () => {
  await sandbox.close();
  out.cleanup();
  data.cleanup();
});

describe('the built wd CLI', () => {
  it('is what package.json bin runs', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: { wd: string } };
    expect(pkg.bin.wd).toBe('out/cli/wd.js');
    expect(readFileSync(join(out.dir, 'wd.js'), 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
    // CommonJS (V8 keeps a code cache for a script, not for an ES module): out/cli says so itself.
    expect(JSON.parse(readFileSync(join(out.dir, 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
  });

  it('signs in, syncs and looks a package up without TypeScript at run time', async () => {
    const login = await built(['login', '--oms-url', sandbox.url, '--user', 'demo'], { WD_PASSWORD: 'demo1234' });
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    const sync = await built(['sync', '--json'], { WD_PASSWORD: 'demo1234' });
    expect(sync.stderr).toBe('');
    const synced = JSON.parse(sync.stdout) as { cached: { orders: number; returns: number }; kinds: { fetched: number; stored: number }[] };
    expect(synced.cached).toEqual({ orders: 60, returns: 10 });
    // This one run stored every package it fetched: the command ran once (a chunk loaded on the
    // way, undici, once ran the whole CLI a second time beside it).
    expect(synced.kinds.map((k) => k.stored)).toEqual(synced.kinds.map((k) => k.fetched));
    expect(login.stdout.trim().split('\n')).toHaveLength(1);
    const rec = (await (await fetch(`${sandbox.url}/_sandbox/packages/record?id=500007`)).json()) as { orderNumber: string };
    const hit = await built(['lookup', rec.orderNumber, '--json']);
    expect(hit.code).toBe(0);
    expect((JSON.parse(hit.stdout) as { items: { id: number }[] }).items.map((p) => p.id)).toContain(500007);
    const none = await built(['lookup', 'NOPE-404']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/NOPE-404/);
  });

  it('looks up without reading the HTTP client, the sandbox or the web host (a command that never goes online starts faster)', async () => {
    const chunks = readdirSync(out.dir).filter((f) => /^wd-(undici|server)/.test(f) && f.endsWith('.js'));
    // undici, the sandbox's server and the web host's server.
    expect(chunks).toHaveLength(3);
    for (const c of chunks) renameSync(join(out.dir, c), join(out.dir, `${c}.away`));
    try {
      const none = await built(['lookup', 'NOPE-404']);
      expect(none.stderr).toMatch(/NOPE-404/);
      expect(none.code).toBe(1);
    } finally {
      for (const c of chunks) renameSync(join(out.dir, `${c}.away`), join(out.dir, c));
    }
  });

  it("reads a sync's pages on the thread built beside it (wd-page-reader.js), and on its own without it", async () => {
    const file = join(out.dir, 'wd-page-reader.js');
    const real = readFileSync(file);
    // A stand-in of the reader that refuses every page with a message of its own: the sync says it.
    writeFileSync(
      file,
      `require('node:worker_threads').parentPort.on('message', (m) => require('node:worker_threads').parentPort.postMessage({ id: m.id, error: { code: 'invalid_input', message: 'answered by the probe reader' } }));`,
    );
    try {
      const probed = await built(['sync'], { WD_PASSWORD: 'demo1234' });
      expect(probed.code).toBe(1);
      expect(probed.stderr).toMatch(/answered by the probe reader/);
      rmSync(file);
      const inline = await built(['sync', '--json'], { WD_PASSWORD: 'demo1234' });
      expect(inline.stderr).toBe('');
      expect((JSON.parse(inline.stdout) as { cached: unknown }).cached).toEqual({ orders: 60, returns: 10 });
    } finally {
      writeFileSync(file, real);
    }
  });

  it("keeps undici's HTTP parser (WebAssembly) in V8's baseline code once a command goes online, and leaves V8 as it is for one that does not", async () => {
    // Loaded before the CLI (--require, with V8's test functions): when the command ends, a
    // WebAssembly function compiled then is run until V8 would have compiled it again with its
    // optimizing compiler, and the probe says which code it runs.
    const probe = join(out.dir, 'wasm-tier-probe.cjs');
    writeFileSync(
      probe,
      `const exit = process.exit;
process.exit = (code) => {
  // (module (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add))
  const bytes = new Uint8Array([0,97,115,109,1,0,0,0,1,7,1,96,2,127,127,1,127,3,2,1,0,7,7,1,3,97,100,100,0,0,10,9,1,7,0,32,0,32,1,106,11]);
  const add = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.add;
  (async () => {
    let s = 0;
    for (let round = 0; round < 60 && !%IsTurboFanFunction(add); round++) {
      for (let i = 0; i < 200000; i++) s = add(s, 1) | 0;
      await new Promise((r) => setTimeout(r, 10));
    }
    process.stderr.write('wasm code: ' + (%IsTurboFanFunction(add) ? 'optimized' : %IsLiftoffFunction(add) ? 'baseline' : 'other') + '\\n');
    exit(code);
  })();
};`,
    );
    const node = ['--allow-natives-syntax', '--require', probe];
    const online = await built(['sync', '--json'], { WD_PASSWORD: 'demo1234' }, node);
    expect(online.code).toBe(0);
    expect(online.stderr).toBe('wasm code: baseline\n');
    // `wd lookup` never loads undici, so it never sets the flags (nor loads node:v8 to do so).
    const offline = await built(['lookup', 'NOPE-404'], {}, node);
    expect(offline.code).toBe(1);
    expect(offline.stderr).toMatch(/wasm code: optimized\n$/);
  });

  it('runs a command once when it loads a chunk on the way (the sandbox on a fixed port answers until it is stopped)', async () => {
    const free = createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const port = (free.address() as AddressInfo).port;
    await new Promise((r) => free.close(r));
    const child = spawn(process.execPath, [join(out.dir, 'wd.js'), 'sandbox', '--port', String(port), '--packages', '5', '--json'], {
      cwd: root,
      env: { ...process.env, WD_DATA_DIR: data.dir, WD_LANG: 'en' },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    await new Promise<void>((r) => child.stdout.on('data', (d: Buffer) => ((stdout += d.toString()), stdout.includes('\n') && r())));
    const login = await fetch(`http://127.0.0.1:${port}/Auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(login.status).toBe(401); // it answers: no user name, no token
    child.kill('SIGTERM');
    // A second run of the CLI beside the first would have failed to listen on the same port
    // (exit code 1, EADDRINUSE) or printed a second address.
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.trim().split('\n')).toEqual([JSON.stringify({ url: `http://127.0.0.1:${port}`, port, users: ['demo'] })]);
  });

  it('receives notifications (wd receive loads node:http when it starts; the built bundle has no dynamic import)', async () => {
    expect((await built(['login', '--oms-url', sandbox.url, '--user', 'demo'], { WD_PASSWORD: 'demo1234' })).code).toBe(0);
    const before = (JSON.parse((await built(['notifications', '--json'])).stdout) as { total: number }).total;
    const child = spawn(process.execPath, [join(out.dir, 'wd.js'), 'receive', '--port', '0', '--json'], {
      cwd: root,
      env: { ...process.env, WD_DATA_DIR: data.dir, WD_LANG: 'en', WD_RECEIVER_TOKEN: 'tok-built-abcdefgh' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const url = await new Promise<string | null>((resolve) => {
      child.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { url: string }).url));
      child.once('close', () => resolve(null));
    });
    expect(stderr).toBe('');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const body = readFileSync(join(root, 'test/fixtures/service-samples/webhook_ReturnOrderPackageRejectedEvent.json'), 'utf8');
    const res = await fetch(url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer tok-built-abcdefgh' },
      body,
    });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    expect(await new Promise((r) => child.on('close', r))).toBe(0);
    const list = await built(['notifications', '--json']);
    expect((JSON.parse(list.stdout) as { total: number }).total).toBe(before + 1);
  });

  it('ends quietly when the reader of its output stops reading (`wd --help | head -1`), with no stack trace', async () => {
    const child = spawn(process.execPath, [join(out.dir, 'wd.js'), '--help'], {
      cwd: root,
      env: { ...process.env, WD_DATA_DIR: data.dir },
    });
    // The reader is gone before the command writes.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise((r) => child.on('close', r));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
  });

  it('keeps its compiled code in the data directory, starts from it, and compiles again when it is damaged', async () => {
    const dir = join(data.dir, 'cli-code-cache');
    rmSync(dir, { recursive: true, force: true });
    const rec = (await (await fetch(`${sandbox.url}/_sandbox/packages/record?id=500003`)).json()) as { orderNumber: string };
    const lookup = async () => {
      const r = await built(['lookup', rec.orderNumber, '--json']);
      expect(r.stderr).toBe('');
      expect((JSON.parse(r.stdout) as { items: { id: number }[] }).items.map((p) => p.id)).toContain(500003);
    };
    await lookup();
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const cache = join(dir, files[0]!);
    expect(statSync(cache).size).toBeGreaterThan(100_000);
    if (process.platform !== 'win32') expect(statSync(dir).mode & 0o777).toBe(0o700);
    // Accepted: a second start reads it and does not write it again.
    const written = statSync(cache).mtimeMs;
    await lookup();
    expect(statSync(cache).mtimeMs).toBe(written);
    // Damaged (or written by something else): V8 refuses it, the command still answers, and the
    // file is written again from this run.
    writeFileSync(cache, Buffer.alloc(4096, 7));
    await lookup();
    expect(statSync(cache).size).toBeGreaterThan(100_000);
    // A cache of an earlier build goes when this build writes its own.
    writeFileSync(join(dir, 'wd-0123456789abcdef0123456789abcdef.v8'), 'old');
    rmSync(cache);
    await lookup();
    expect(readdirSync(dir)).toEqual([files[0]]);
  });

  it('keeps its compiled code in the data directory --data-dir names, and writes nothing into WD_DATA_DIR or the default one', async () => {
    const other = tempDir();
    try {
      rmSync(join(data.dir, 'cli-code-cache'), { recursive: true, force: true });
      const r = await built(['--data-dir', other.dir, '--help']);
      expect(r.code).toBe(0);
      expect(readdirSync(join(other.dir, 'cli-code-cache'))).toHaveLength(1);
      expect(readdirSync(data.dir)).not.toContain('cli-code-cache');
    } finally {
      other.cleanup();
    }
  });
});
