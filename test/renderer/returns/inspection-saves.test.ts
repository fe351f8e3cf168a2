import { afterEach, describe, expect, it } from 'vitest';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { useReturns } from '../../../src/renderer/store/returns';
import { fakeBridge } from '../fake-bridge';

/**
 * Issue 11.4: the saves of one inspection collided with themselves. The bridge below answers like
 * the core: a save must name the version it is based on, and a write bumps the version.
 */
function service(delayMs: number) {
  const state = { version: 'v0', note: null as string | null, recommendation: null as string | null, lineNote: null as string | null };
  const inspection = () => ({ updatedAt: state.version, note: state.note, recommendation: state.recommendation, lineNote: state.lineNote });
  let n = 0;
  const bridge = fakeBridge({
    'returns.save': async (input) => {
      const i = input as {
        expectedUpdatedAt: string | null;
        note?: string | null;
        recommendation?: string | null;
        lines: { note: string | null }[];
      };
      await new Promise((r) => setTimeout(r, delayMs));
      if (i.expectedUpdatedAt !== state.version)
        return { ok: false, error: { code: 'conflict', message: 'this inspection was changed elsewhere since you opened it; reload it' } };
      if (i.note !== undefined) state.note = i.note;
      if (i.recommendation !== undefined) state.recommendation = i.recommendation;
      if (i.lines[0]) state.lineNote = i.lines[0].note;
      state.version = `v${++n}`;
      return inspection();
    },
    'returns.get': () => ({ package: { summary: { id: 7 } }, inspection: inspection() }),
    'returns.list': () => ({ total: 0, items: [] }),
  });
  setBridgeForTests(bridge.api);
  useReturns.setState({ selected: 7, detail: { package: { summary: { id: 7 } }, inspection: inspection() } as never, conflictPatch: null });
  return { bridge, state, otherWriter: () => (state.version = `other-${++n}`) };
}

afterEach(() => setBridgeForTests(null));

describe('returns: saving an inspection', () => {
  it('a line note saved on leaving the field and a click on Reject right after are both saved', async () => {
    const { state, bridge } = service(30);
    const [a, b] = await Promise.all([
      useReturns.getState().save({ lines: [{ itemKey: 'k1', receivedQty: 1, condition: null, note: 'kutu ezik' }] }),
      useReturns.getState().save({ recommendation: 'reject' }),
    ]);
    expect(a.ok).toBe(true);
    expect(b.ok).toBe(true);
    expect(state).toMatchObject({ lineNote: 'kutu ezik', recommendation: 'reject' });
    const saves = bridge.calls
      .filter((c) => c.method === 'returns.save')
      .map((c) => (c.input as { expectedUpdatedAt: string }).expectedUpdatedAt);
    expect(saves).toEqual(['v0', 'v1']);
  });

  it('a real conflict (another writer) offers a reload that keeps what the worker typed', async () => {
    const { state, otherWriter } = service(0);
    otherWriter();
    const r = await useReturns.getState().save({ note: 'müşteri aradı' });
    expect(r).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(useReturns.getState().conflictPatch).toEqual({ note: 'müşteri aradı' });
    const again = await useReturns.getState().reloadKeeping();
    expect(again.ok).toBe(true);
    expect(state.note).toBe('müşteri aradı');
    expect(useReturns.getState().conflictPatch).toBeNull();
  });
});
