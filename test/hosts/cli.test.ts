import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { wd as run, wdArgs } from '../support/cli';
import { tempDir } from '../support/temp';

const root = join(import.meta.dirname, '../..');
let sandbox: Sandbox;
let data: { dir: string; cleanup: () => void };

beforeAll(async () => {
  sandbox = await createSandbox();
  data = tempDir();
});
afterAll(async () => {
  await sandbox.close();
  data.cleanup();
});

const wd = (args: string[], opts: { env?: Record<string, string>; stdin?: string } = {}) => run(data.dir, args, opts);

describe('wd CLI', () => {
  it('exits 2 with usage for an unknown command or bad options', async () => {
    const a = await wd(['frobnicate']);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('Unknown command: frobnicate');
    const b = await wd(['login', '--oms-url']);
    expect(b.code).toBe(2);
    const c = await wd(['login', '--bogus', 'x']);
    expect(c.code).toBe(2);
  });

  it('logs in with the password from stdin, saves the profile, never the password', async () => {
    const r = await wd(['login', '--oms-url', sandbox.url, '--user', 'demo', '--company-id', '7', '--json'], { stdin: 'demo1234\n' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { profile: { omsUrl: string; companyId: number; remembered: boolean }; user: string };
    expect(out).toMatchObject({ user: 'demo', profile: { omsUrl: sandbox.url, companyId: 7, remembered: false } });
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(join(data.dir, 'app.db'), { readonly: true });
    const rows = db.prepare('SELECT secret, verifier FROM profiles').all() as { secret: Buffer | null; verifier: string }[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret).toBeNull();
    expect(rows[0]!.verifier).not.toContain('demo1234');
  });

  it('signing in again keeps the company id and the product service address the connection has', async () => {
    const pim = sandbox.url.replace('127.0.0.1', 'localhost');
    const first = await wd(['login', '--oms-url', sandbox.url, '--pim-url', pim, '--user', 'demo', '--company-id', '7', '--json'], {
      stdin: 'demo1234\n',
    });
    expect(first.code).toBe(0);
    // Again, to change only the user: nothing else was said.
    const again = await wd(['login', '--oms-url', sandbox.url, '--user', 'demo', '--json'], { stdin: 'demo1234\n' });
    expect(again.code).toBe(0);
    const out = JSON.parse(again.stdout) as { profile: { id: string; pimUrl: string; companyId: number } };
    expect(out.profile).toMatchObject({ pimUrl: pim, companyId: 7 });
    expect(out.profile.id).toBe((JSON.parse(first.stdout) as { profile: { id: string } }).profile.id);
  });

  it('--name on an address with one connection names that connection (its unsent writes stay in sight), unless another company is given', async () => {
    const own = tempDir();
    try {
      const login = (args: string[]) =>
        run(own.dir, ['login', '--oms-url', sandbox.url, '--user', 'demo', ...args, '--json'], { stdin: 'demo1234\n' });
      const first = JSON.parse((await login(['--company-id', '7'])).stdout) as { profile: { id: string; name: string } };
      const named = await login(['--name', 'Depo 1']);
      expect(named.code).toBe(0);
      const out = JSON.parse(named.stdout) as { profile: { id: string; name: string; companyId: number } };
      expect(out.profile).toMatchObject({ id: first.profile.id, name: 'Depo 1', companyId: 7 });
      const plain = await run(own.dir, ['login', '--oms-url', sandbox.url, '--user', 'demo', '--name', 'Depo 1 yeni'], {
        stdin: 'demo1234\n',
        env: { WD_LANG: 'tr' },
      });
      expect(plain.stdout).toContain('“Depo 1” bağlantısının adı artık “Depo 1 yeni”.');
      // Another company on the same service is a connection of its own.
      const other = JSON.parse((await login(['--name', 'Depo 2', '--company-id', '8'])).stdout) as { profile: { id: string } };
      expect(other.profile.id).not.toBe(first.profile.id);
      // With two at the address, a new name is a new connection, as before.
      const third = JSON.parse((await login(['--name', 'Depo 3'])).stdout) as { profile: { id: string } };
      expect([first.profile.id, other.profile.id]).not.toContain(third.profile.id);
    } finally {
      own.cleanup();
    }
  });

  it('a refused sign-in changes no connection: not its name, product address or storage codes, nor adds one; the next good one does', async () => {
    const own = tempDir();
    try {
      const login = (args: string[], password: string) =>
        run(own.dir, ['login', '--oms-url', sandbox.url, '--user', 'demo', ...args, '--json'], { stdin: `${password}\n` });
      expect((await login(['--name', 'Depo 1', '--company-id', '7', '--storage', 'A-01'], 'demo1234')).code).toBe(0);
      const Database = (await import('better-sqlite3')).default;
      const rows = () => {
        const db = new Database(join(own.dir, 'app.db'), { readonly: true });
        try {
          return db
            .prepare('SELECT id, name, oms_url, pim_url, company_id, storage_codes, verifier, updated_at FROM profiles ORDER BY id')
            .all();
        } finally {
          db.close();
        }
      };
      const before = rows();
      expect(before).toMatchObject([{ name: 'Depo 1', company_id: 7 }]);
      const pim = sandbox.url.replace('127.0.0.1', 'localhost');
      const wrong = await login(['--name', 'Depo yeni', '--pim-url', pim, '--storage', 'B-02'], 'wrong');
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('User name or password is wrong.');
      expect(wrong.stdout).not.toContain('Depo yeni');
      // A wrong password at another address saves no connection there either.
      const elsewhere = await run(own.dir, ['login', '--oms-url', pim, '--user', 'demo', '--name', 'Başka'], { stdin: 'wrong\n' });
      expect(elsewhere.code).toBe(1);
      expect(rows()).toEqual(before);
      // The right password applies the name.
      const right = await login(['--name', 'Depo yeni'], 'demo1234');
      expect(right.code).toBe(0);
      expect(rows()).toMatchObject([{ id: (before[0] as { id: string }).id, name: 'Depo yeni', company_id: 7 }]);
    } finally {
      own.cleanup();
    }
  });

  it('exits 1 with a message on stderr for a wrong password (WD_PASSWORD)', async () => {
    const r = await wd(['login', '--oms-url', sandbox.url, '--user', 'demo'], { env: { WD_PASSWORD: 'wrong' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('User name or password is wrong.');
  });

  it('a damaged app.db is said in words in the CLI\'s language, not as SQLite\'s "file is not a database"', async () => {
    const damaged = tempDir();
    try {
      writeFileSync(join(damaged.dir, 'app.db'), Buffer.alloc(8192, 0x41));
      const r = await run(damaged.dir, ['outbox'], { env: { WD_LANG: 'tr' } });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('Uygulamanın bu bilgisayardaki verilerinin bir kısmı bozuk ve okunamıyor.');
      expect(r.stderr).not.toContain('file is not a database');
    } finally {
      damaged.cleanup();
    }
  });

  it('exits 1 when no password is given', async () => {
    const r = await wd(['login', '--oms-url', sandbox.url, '--user', 'demo']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('No password');
  });

  // The one start from the sources (`npm run -s wd -- …` runs them through tsx); every other test runs the built CLI.
  it('runs the sandbox and prints where it listens, also from the sources through tsx', async () => {
    const child = spawn(process.execPath, wdArgs(['sandbox', '--port', '0'], { source: true }), {
      cwd: root,
      env: { ...process.env, WD_LANG: 'en' },
    });
    const line = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString())));
    expect(line).toMatch(/^sandbox listening on http:\/\/127\.0\.0\.1:\d+\n/);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)![0];
    const res = await fetch(`${url}/Auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"UserName":"demo","Password":"demo1234"}',
    });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    expect(await new Promise((r) => child.on('close', r))).toBe(0);
  });
});
