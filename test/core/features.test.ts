import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../src/main/core';
import { features } from '../../src/main/core/features';
import { outboxOf } from '../../src/main/core/outbox/outbox';
import { openWorkspace } from '../../src/main/core/workspace';
import { tempDir } from '../support/temp';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers.length = 0;
});

describe('features declare their own parts', () => {
  it('createCore gathers every feature sender by kind, with nothing imported for its side effects', () => {
    const t = tempDir();
    closers.push(t.cleanup);
    const core = createCore({ dataDir: t.dir, host: 'test', background: false });
    closers.push(() => core.close());
    const declared = features.flatMap((f) => (f.senders ?? []).map((s) => s.kind)).sort();
    expect(declared).toEqual(['inventory', 'products']);
    expect([...core.ctx.senders.keys()].sort()).toEqual(declared);
    for (const s of core.ctx.senders.values()) expect(typeof s.classify).toBe('function');
  });

  it('a workspace service is keyed by its factory: the same factory gives the same instance, another factory its own', async () => {
    const t = tempDir();
    closers.push(t.cleanup);
    const core = createCore({ dataDir: t.dir, host: 'test', background: false });
    closers.push(() => core.close());
    const p = await core.call('profiles.save', { name: 'P', omsUrl: 'http://127.0.0.1:9', pimUrl: 'http://127.0.0.1:9', companyId: 1, storageCodes: [] });
    if (!p.ok) throw new Error(p.error.message);
    const ws = openWorkspace(t.dir, core.ctx.profiles.get(p.value.id));
    closers.push(() => ws.close());
    expect(outboxOf(ws, core.ctx)).toBe(outboxOf(ws, core.ctx));
    const a = (label: string) => ({ label });
    const b = (label: string) => ({ label });
    expect(ws.service(a, 'first')).toBe(ws.service(a, 'ignored'));
    expect(ws.service(a, 'x').label).toBe('first');
    expect(ws.service(b, 'second').label).toBe('second');
  });
});
