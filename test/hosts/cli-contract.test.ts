import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { wd as run } from '../support/cli';
import { tempDir } from '../support/temp';

let sandbox: Sandbox;
let data: { dir: string; cleanup: () => void };

beforeAll(async () => {
  sandbox = await createSandbox();
  data = tempDir();
  const login = await run(data.dir, ['login', '--oms-url', sandbox.url, '--user', 'demo', '--storage', 'L011'], {
    env: { WD_PASSWORD: 'demo1234' },
  });
  expect(login.code).toBe(0);
});
afterAll(async () => {
  await sandbox.close();
  data.cleanup();
});

describe('wd is a host of the contract: its input is parsed by the contract schemas', () => {
  it('a lookup longer than packages.search takes is refused in the worker language, exit 1, nothing else happens', async () => {
    const long = 'X'.repeat(201);
    const tr = await run(data.dir, ['lookup', long], { env: { WD_LANG: 'tr' } });
    expect(tr.code).toBe(1);
    expect(tr.stderr).toContain('wd lookup: Verilerin bir kısmı geçerli değil.');
    expect(tr.stderr).toContain('query');
    const en = await run(data.dir, ['lookup', long, '--json']);
    expect(en.code).toBe(1);
    expect(JSON.parse(en.stdout)).toMatchObject({
      error: { code: 'invalid_input', message: expect.stringContaining('Some of the data is not valid.') as unknown },
    });
  });

  it('a receiver host the contract refuses is refused before anything starts', async () => {
    const r = await run(data.dir, ['receive', '--host', 'bad host!', '--new-token'], { env: { WD_LANG: 'tr' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Verilerin bir kısmı geçerli değil.');
    expect(r.stderr).toContain('host');
    const list = await run(data.dir, ['notifications', '--json']);
    expect(list.code).toBe(0);
  });

  it('reads and queues without signing in (offline), through the same methods the app calls', async () => {
    const lookup = await run(data.dir, ['lookup', 'NO-SUCH-CODE']);
    expect(lookup.code).toBe(1);
    expect(lookup.stderr).toContain('NO-SUCH-CODE');
    const outbox = await run(data.dir, ['outbox', '--json']);
    expect(outbox.code).toBe(0);
    expect(JSON.parse(outbox.stdout)).toMatchObject({ counts: { pending: 0, failed: 0 }, items: [] });
  });
});
