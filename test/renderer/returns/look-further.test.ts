import { afterEach, describe, expect, it } from 'vitest';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { useReturns } from '../../../src/renderer/store/returns';
import type { ReturnDetail, ReturnSummary } from '../../../src/shared/domain/returns';
import { fakeBridge } from '../fake-bridge';
import { Instant } from '../../../src/shared/domain/time';

const summary = (id: number): ReturnSummary => ({
  id,
  orderNumber: `S-${id}`,
  customerName: 'Ayşe',
  cargoName: null,
  cargoTrackingNumber: null,
  status: 'ReturnedRequest',
  returnDate: null,
  decision: 'awaiting',
  inspection: 'none',
  itemCount: 1,
});
const detail = (id: number): ReturnDetail => ({
  package: {
    summary: {
      id,
      kind: 'return',
      orderNumber: `S-${id}`,
      sourcePackageId: null,
      status: 'ReturnedRequest',
      customerName: 'Ayşe',
      cargoName: null,
      cargoTrackingNumber: null,
      orderDate: Instant.parse('2026-04-28T10:00:00.000+03:00'),
      isConfirm: null,
      itemCount: 1,
    },
    record: { id },
    syncedAt: Instant.parse('2026-05-01T08:00:00.000Z'),
  },
  decision: 'awaiting',
  inspection: null,
  expected: [],
  notifications: [],
  conflict: null,
});

afterEach(() => setBridgeForTests(null));

describe('look further, while the worker opens another return by hand', () => {
  it('the return the worker opened is not replaced when the sync comes back', async () => {
    let synced = false;
    let finish!: () => void;
    const bridge = fakeBridge({
      'returns.scan': ({ code }) => (code === 'CARGO-42' && synced ? [summary(42)] : []),
      'returns.get': ({ id }) => detail(id),
      'packages.sync': () =>
        new Promise((r) => {
          finish = () => {
            synced = true;
            r({
              started: true,
              report: {
                kinds: [],
                from: '2026-05-01T00:00:00.000Z',
                to: '2026-05-01T00:00:00.000Z',
                finishedAt: '2026-05-01T00:00:00.000Z',
              },
            });
          };
        }),
      'returns.list': () => ({ total: 0, items: [] }),
    });
    setBridgeForTests(bridge.api);
    useReturns.setState({ noMatch: null, looking: null, selected: null, detail: null, matches: null });
    await useReturns.getState().scan('CARGO-42');
    expect(useReturns.getState().noMatch).toBe('CARGO-42');
    const looking = useReturns.getState().lookFurther();
    await new Promise((r) => setTimeout(r, 10));
    // Meanwhile the worker clicks return 7 in the list
    await useReturns.getState().open(7);
    expect(useReturns.getState().selected).toBe(7);
    finish();
    await looking;
    // expected: return 7 stays open (the worker chose it)
    expect(useReturns.getState().selected).toBe(7);
  });
});
