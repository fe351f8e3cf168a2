import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { newSingle } from '../../../src/renderer/screens/Products/model';
import { useProducts } from '../../../src/renderer/store/products';
import { fakeBridge } from '../fake-bridge';

/**
 * The product editor keeps every product as a draft. The bridge below answers like the core's
 * draft table, except that the test decides when a save answers: a save under way while the worker
 * goes on (types more, presses Send) is the case that made a second draft, or left one behind.
 */
function service() {
  const drafts = new Map<number, { name: string }>();
  let next = 1;
  const held: (() => void)[] = [];
  const bridge = fakeBridge({
    'products.saveDraft': async (input) => {
      await new Promise<void>((r) => held.push(r));
      const id = input.id ?? next++;
      drafts.set(id, { name: input.name });
      return { id, name: input.name, kind: input.kind, updatedAt: '2026-11-29T10:00:00.000+03:00', state: input.state };
    },
    'products.drafts': () =>
      [...drafts].map(([id, d]) => ({ id, name: d.name, kind: 'single' as const, updatedAt: '2026-11-29T10:00:00.000+03:00' })),
    'products.deleteDraft': (input) => ({ deleted: drafts.delete(input.id) }),
    // A Result around it: the answer itself has an `ok` of its own.
    'products.send': () => ({ ok: true, value: { ok: true, problems: [], warnings: [], batches: [{ id: 1, outboxId: 1, records: 1 }] } }),
    'products.history': () => [],
  });
  setBridgeForTests(bridge.api);
  useProducts.setState({ records: null, label: '', draftId: null, drafts: [], lastSend: null });
  /** Lets the oldest save under way answer. */
  const answer = async () => {
    for (let i = 0; i < 50 && held.length === 0; i++) await Promise.resolve();
    held.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { bridge, drafts, answer };
}

afterEach(() => setBridgeForTests(null));

describe('products: drafts', () => {
  it('a second save while the first is under way updates the draft the first made, and Send removes it', async () => {
    const { bridge, drafts, answer } = service();
    const p = useProducts.getState();
    p.startNew(newSingle(), '', 'editor');
    p.setLabel('Kalem');
    const first = p.saveDraft(); // the timer's save, still under way…
    p.setLabel('Kalem 2');
    const second = p.saveDraft(); // …when the worker has typed more
    const sent = p.send(); // …and pressed Send
    await answer();
    await answer();
    await Promise.all([first, second]);
    expect((await sent).ok).toBe(true);
    const saves = bridge.calls.filter((c) => c.method === 'products.saveDraft').map((c) => (c.input as { id?: number }).id);
    expect(saves).toEqual([undefined, 1]);
    expect(bridge.calls.filter((c) => c.method === 'products.deleteDraft').map((c) => c.input)).toEqual([{ id: 1 }]);
    expect([...drafts.keys()]).toEqual([]);
    expect(useProducts.getState().records).toBeNull();
  });

  it('a draft save due while Send is on its way does not bring the sent product back as a draft', async () => {
    vi.useFakeTimers();
    try {
      const drafts = new Map<number, { name: string }>();
      let next = 1;
      let releaseSend: (() => void) | null = null;
      const heldSaves: (() => void)[] = [];
      const letSavesAnswer = async () => {
        while (heldSaves.length > 0) {
          heldSaves.shift()!();
          await vi.advanceTimersByTimeAsync(0);
        }
      };
      const bridge = fakeBridge({
        // Each save answers when the test lets it (a busy core): one may still be under way when
        // Send's removal of the draft arrives.
        'products.saveDraft': async (input) => {
          await new Promise<void>((r) => heldSaves.push(r));
          const id = input.id ?? next++;
          drafts.set(id, { name: input.name });
          return { id, name: input.name, kind: input.kind, updatedAt: '2026-11-29T10:00:00.000+03:00', state: input.state };
        },
        'products.drafts': () =>
          [...drafts].map(([id, d]) => ({ id, name: d.name, kind: 'single' as const, updatedAt: '2026-11-29T10:00:00.000+03:00' })),
        'products.deleteDraft': (input) => ({ deleted: drafts.delete(input.id) }),
        // A slow service: the answer comes when the test says.
        'products.send': async () => {
          await new Promise<void>((r) => (releaseSend = r));
          return { ok: true, value: { ok: true, problems: [], warnings: [], batches: [{ id: 1, outboxId: 1, records: 1 }] } };
        },
        'products.history': () => [],
      });
      setBridgeForTests(bridge.api);
      useProducts.setState({ records: null, label: '', draftId: null, drafts: [], lastSend: null });
      useProducts.getState().startNew(newSingle(), '', 'editor');
      useProducts.getState().setLabel('Kalem');
      await vi.advanceTimersByTimeAsync(1_000);
      await letSavesAnswer();
      expect([...drafts.values()]).toEqual([{ name: 'Kalem' }]);
      // Typed a moment before Send; the draft's save would come while Send waits for the core.
      useProducts.getState().setLabel('Kalem 2');
      const sent = useProducts.getState().send();
      await vi.advanceTimersByTimeAsync(1_000);
      // Send may first wait for the draft's save (what was typed a moment ago); the core answers it.
      if (releaseSend === null) await letSavesAnswer();
      expect(releaseSend).not.toBeNull();
      releaseSend!();
      await vi.advanceTimersByTimeAsync(0);
      await letSavesAnswer();
      expect((await sent).ok).toBe(true);
      await vi.advanceTimersByTimeAsync(2_000);
      await letSavesAnswer();
      expect([...drafts.keys()]).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('New while a save is under way: the open product keeps its draft, the new one gets its own', async () => {
    const { drafts, answer } = service();
    const p = useProducts.getState();
    p.startNew(newSingle(), '', 'editor');
    p.setLabel('Kalem');
    const first = p.saveDraft();
    p.setLabel('Kalem mavi');
    p.startNew(newSingle(), '', 'editor'); // saves 'Kalem mavi' into Kalem's draft, then starts afresh
    p.setLabel('Silgi');
    const third = useProducts.getState().saveDraft();
    await answer();
    await answer();
    await answer();
    await Promise.all([first, third]);
    expect([...drafts.values()].map((d) => d.name).sort()).toEqual(['Kalem mavi', 'Silgi']);
    // An untouched new product is no draft at all.
    useProducts.getState().startNew(newSingle(), '', 'editor');
    useProducts.getState().edit(null);
    expect(drafts.size).toBe(2);
  });
});
