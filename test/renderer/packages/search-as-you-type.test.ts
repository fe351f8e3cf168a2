import { afterEach, describe, expect, it } from 'vitest';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { usePackages } from '../../../src/renderer/store/packages';
import type { PackageSearchInput, PackageSummary } from '../../../src/shared/domain/packages';
import { fakeBridge } from '../fake-bridge';

const row = (id: number): PackageSummary => ({
  id,
  kind: 'order',
  orderNumber: String(id),
  sourcePackageId: null,
  status: null,
  customerName: `Müşteri ${id}`,
  cargoName: null,
  cargoTrackingNumber: null,
  orderDate: null,
  isConfirm: null,
  itemCount: 1,
});

/** A search service whose answers the test releases one by one. */
function slowSearch() {
  const waiting: { input: PackageSearchInput; release: () => void }[] = [];
  const bridge = fakeBridge({
    'packages.search': (input) =>
      new Promise((resolve) => {
        const i = input as PackageSearchInput;
        waiting.push({ input: i, release: () => resolve({ total: 1, items: [row(i.query!.length)], mode: 'text' }) });
      }),
  });
  setBridgeForTests(bridge.api);
  return { bridge, waiting };
}

afterEach(() => setBridgeForTests(null));

describe('packages search as you type', () => {
  it('asks only for the newest text when keys arrive while a search runs, and shows its rows', async () => {
    const { bridge, waiting } = slowSearch();
    const store = usePackages.getState();
    store.setFilters({ query: 'a' });
    store.setFilters({ query: 'ay' });
    store.setFilters({ query: 'ayş' });
    const last = usePackages.getState().search();
    await Promise.resolve();
    expect(waiting.map((w) => w.input.query)).toEqual(['a']);
    waiting[0]!.release();
    await new Promise((r) => setTimeout(r, 0));
    // "ay" was superseded before it was sent: never asked for.
    expect(waiting.map((w) => w.input.query)).toEqual(['a', 'ayş']);
    expect(usePackages.getState().shownQuery).not.toBe('a');
    waiting[1]!.release();
    await last;
    const s = usePackages.getState();
    expect(s.shownQuery).toBe('ayş');
    expect(s.pages[0]!.map((p) => p.id)).toEqual([3]);
    expect(bridge.calls.filter((c) => c.method === 'packages.search')).toHaveLength(2);
  });
});
