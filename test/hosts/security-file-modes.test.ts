import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { wd } from '../support/cli';
import { tempDir } from '../support/temp';

const mode = (p: string) => statSync(p).mode & 0o777;

let sandbox: Sandbox;
let tmp: { dir: string; cleanup: () => void };
beforeAll(async () => {
  sandbox = await createSandbox({ packages: 3, returns: 0 });
  tmp = tempDir();
});
afterAll(async () => {
  await sandbox.close();
  tmp.cleanup();
});

describe.skipIf(process.platform === 'win32')('data at rest', () => {
  it('a data directory the CLI creates is 0700 and every database file in it 0600', async () => {
    const data = join(tmp.dir, 'fresh', 'Warehouse Desk');
    const login = await wd(data, ['login', '--oms-url', sandbox.url, '--user', 'demo'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(login.code).toBe(0);
    expect((await wd(data, ['sync'], { env: { WD_PASSWORD: 'demo1234' } })).code).toBe(0);
    expect(mode(data)).toBe(0o700);
    expect(mode(join(data, 'workspaces'))).toBe(0o700);
    const files = [
      ...readdirSync(data).filter((f) => f.startsWith('app.db')),
      ...readdirSync(join(data, 'workspaces')).map((f) => join('workspaces', f)),
    ];
    expect(files.some((f) => f.endsWith('.db') && f.startsWith('workspaces'))).toBe(true);
    for (const f of files) expect([f, mode(join(data, f))]).toEqual([f, 0o600]);
  });

  it('tightens a data directory and database left readable by everyone by an older version', async () => {
    const data = join(tmp.dir, 'old');
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    writeFileSync(join(data, 'app.db'), '');
    chmodSync(join(data, 'app.db'), 0o644);
    expect((await wd(data, ['login', '--oms-url', sandbox.url, '--user', 'demo'], { env: { WD_PASSWORD: 'demo1234' } })).code).toBe(0);
    expect(mode(data)).toBe(0o700);
    expect(mode(join(data, 'app.db'))).toBe(0o600);
  });
});
