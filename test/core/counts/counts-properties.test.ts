import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core';
import { productsOf } from '../../../src/main/core/catalog/products-repo';
import { foldEvents, type FoldEvent } from '../../../src/main/core/counts/fold';
import { rig, type TestRig } from '../../support/core';

/**
 * Property-based tests of the counting core (issue 11): whatever a worker does, in any order,
 * the stored lines are what the events say, and a push sends exactly the lines.
 */
const EAN = '8690345727803';
const MISREAD = '8690345727804';

type Cmd =
  | { op: 'scan'; code: number; quantity: number }
  | { op: 'set'; sku: number; quantity: number }
  | { op: 'remove'; sku: number }
  | { op: 'undo'; steps: number }
  | { op: 'assign'; code: number; target: number }
  | { op: 'restart' };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('scan' as const),
      code: fc.nat(5),
      quantity: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 40 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('set' as const), sku: fc.nat(4), quantity: fc.integer({ min: 0, max: 60 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), sku: fc.nat(4) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('undo' as const), steps: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('assign' as const), code: fc.nat(2), target: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'restart' as const }) },
);

interface ModelLine {
  quantity: number;
  unknown: boolean;
}

/** What the worker did, as a plain list: the lines are the fold of what was not taken back. */
class Model {
  aliases = new Map<string, string>();
  log: (
    | { kind: 'scan'; sku: string; delta: number; unknown: boolean }
    | { kind: 'set'; sku: string; quantity: number }
    | { kind: 'remove'; sku: string }
    | { kind: 'assign'; code: string; sku: string }
  )[] = [];
  undone = new Set<number>();
  known = new Map([
    [EAN, 'SKU-1'],
    ['SKU-1', 'SKU-1'],
    ['SKU-2', 'SKU-2'],
  ]);

  resolve(code: string): string | null {
    return this.known.get(code) ?? this.aliases.get(code) ?? null;
  }

  lines(): Map<string, ModelLine> {
    const lines = new Map<string, ModelLine>();
    this.log.forEach((e, i) => {
      if (this.undone.has(i)) return;
      if (e.kind === 'scan') {
        const l = lines.get(e.sku);
        if (l) l.quantity += e.delta;
        else lines.set(e.sku, { quantity: e.delta, unknown: e.unknown });
      } else if (e.kind === 'set') {
        const l = lines.get(e.sku);
        if (l) l.quantity = e.quantity;
        else lines.set(e.sku, { quantity: e.quantity, unknown: false });
      } else if (e.kind === 'remove') lines.delete(e.sku);
      else {
        const from = lines.get(e.code);
        if (!from) return;
        if (e.code === e.sku) from.unknown = false;
        else {
          lines.delete(e.code);
          const into = lines.get(e.sku);
          if (into) into.quantity += from.quantity;
          else lines.set(e.sku, { quantity: from.quantity, unknown: false });
        }
      }
    });
    return lines;
  }

  undo(steps: number) {
    for (let s = 0; s < steps; s++) {
      let i = this.log.length - 1;
      while (i >= 0 && (this.undone.has(i) || this.log[i]!.kind === 'assign')) i--;
      if (i < 0) return;
      this.undone.add(i);
    }
  }
}

const asObject = (lines: Map<string, ModelLine> | { sku: string; quantity: number; unknown: boolean }[]) =>
  Object.fromEntries(
    (lines instanceof Map ? [...lines].map(([sku, l]) => ({ sku, ...l })) : lines)
      .map((l) => [l.sku, { quantity: l.quantity, unknown: l.unknown }] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

let t: TestRig;
let run = 0;

beforeAll(async () => {
  t = await rig();
  await t.signIn();
  const ws = t.core.ctx.workspace();
  productsOf(ws).save({ sku: 'SKU-1', barcode: EAN, name: 'Çizim Seti' }, 'saved');
  productsOf(ws).save({ sku: 'SKU-2', barcode: null, name: 'Kalem' }, 'saved');
});
afterAll(async () => t?.close());

async function restart() {
  await t.core.close();
  t.core = createCore({ dataDir: t.dataDir, host: 'test', background: false, log: () => undefined });
  const profileId = t.core.ctx.settings.get().activeProfileId!;
  await t.call('session.signIn', { profileId, userName: 'demo', password: 'demo1234' });
}

describe('counting core (property-based)', () => {
  it('lines always equal the fold of the events, and the push body equals the lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 30 }), fc.boolean(), async (cmds, pushAtEnd) => {
        run += 1;
        const unknownCodes = [`U${run}-A`, `U${run}-B`, `U${run}-C`];
        const codes = [EAN, 'SKU-2', MISREAD, ...unknownCodes];
        const skus = ['SKU-1', 'SKU-2', ...unknownCodes];
        const targets: (string | null)[] = ['SKU-1', 'SKU-2', unknownCodes[2]!, null];
        const model = new Model();
        const id = (await t.call('counts.open', { storageCode: `P-${run}` })).session.id;

        for (const c of cmds) {
          if (c.op === 'scan') {
            const code = codes[c.code]!;
            const r = await t.call('counts.scan', { sessionId: id, code, quantity: c.quantity });
            if (code === MISREAD) {
              expect(r.outcome).toBe('misread');
              continue;
            }
            const sku = model.resolve(code);
            model.log.push({ kind: 'scan', sku: sku ?? code, delta: c.quantity, unknown: sku === null });
            expect(r.outcome).toBe(sku === null ? 'unknown' : 'counted');
          } else if (c.op === 'set') {
            const sku = skus[c.sku]!;
            await t.call('counts.setLine', { sessionId: id, sku, quantity: c.quantity });
            model.log.push({ kind: 'set', sku, quantity: c.quantity });
          } else if (c.op === 'remove') {
            const sku = skus[c.sku]!;
            const had = model.lines().has(sku);
            const r = await t.core.call('counts.removeLine', { sessionId: id, sku });
            expect(r.ok).toBe(had);
            if (had) model.log.push({ kind: 'remove', sku });
          } else if (c.op === 'undo') {
            await t.call('counts.undo', { sessionId: id, steps: c.steps });
            model.undo(c.steps);
          } else if (c.op === 'assign') {
            const code = unknownCodes[c.code]!;
            const target = targets[c.target]!;
            // A target that is itself a remembered code stands for the SKU it was given, as in the core.
            const sku = target === null ? code : (model.resolve(target) ?? target);
            if (sku === code && target !== null) continue;
            await t.call(
              'counts.assign',
              target ? { sessionId: id, code, sku: target, confirmed: true } : { sessionId: id, code, own: true },
            );
            model.aliases.set(code, sku);
            model.log.push({ kind: 'assign', code, sku });
          } else {
            await restart();
          }
          const d = await t.call('counts.get', { sessionId: id });
          const expected = model.lines();
          expect(asObject(d.lines)).toEqual(asObject(expected));
          // The stored lines are also the fold of the stored event log.
          const rows = t.core.ctx
            .workspace()
            .db.prepare<[number], FoldEvent>(
              'SELECT id, kind, raw_code, sku, delta, quantity, resolution, undone FROM scan_events WHERE session_id = ? ORDER BY id',
            )
            .all(id);
          const folded = [...foldEvents(rows)].map(([sku, l]) => ({ sku, quantity: l.quantity, unknown: l.unknown }));
          expect(asObject(d.lines)).toEqual(asObject(folded));
          expect(d.session.totalUnits).toBe([...expected.values()].reduce((n, l) => n + l.quantity, 0));
          expect(d.session.lineCount).toBe(expected.size);
        }

        if (!pushAtEnd) return;
        const lines = model.lines();
        const r = await t.core.call('counts.push', { sessionId: id, confirmed: true });
        const hasUnknown = [...lines.values()].some((l) => l.unknown);
        if (lines.size === 0 || hasUnknown) {
          expect(r).toMatchObject({ ok: false, error: { code: 'conflict' } });
          return;
        }
        expect(r.ok).toBe(true);
        const sent = t.core.ctx
          .workspace()
          .db.prepare<[string], { payload: string }>('SELECT payload FROM outbox WHERE ref = ? ORDER BY id')
          .all(`count:${id}`)
          .flatMap((row) => JSON.parse(row.payload) as { Sku: string; Qty: number; StorageCode: string }[]);
        expect(Object.fromEntries(sent.map((i) => [i.Sku, i.Qty]))).toEqual(
          Object.fromEntries([...lines].map(([sku, l]) => [sku, l.quantity])),
        );
        expect(sent).toHaveLength(lines.size);
        expect(new Set(sent.map((i) => i.StorageCode))).toEqual(new Set([`P-${run}`]));
      }),
      {
        numRuns: 60,
        // Found by CI: a code assigned to another unknown code that was itself assigned to SKU-1 means SKU-1.
        examples: [
          [
            [
              { op: 'assign', code: 2, target: 0 },
              { op: 'scan', code: 3, quantity: 1 },
              { op: 'assign', code: 0, target: 2 },
              { op: 'assign', code: 0, target: 0 },
            ],
            false,
          ],
        ],
      },
    );
  }, 240_000);
});
