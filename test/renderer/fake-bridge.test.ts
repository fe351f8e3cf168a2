import { describe, expect, it } from 'vitest';
import { fakeBridge, takeContractErrors } from './fake-bridge';

describe('the fake bridge holds itself to the contract', () => {
  it('an answer the real core could never give throws (and fails the test); an input the contract refuses gets invalid_input', async () => {
    const bridge = fakeBridge({
      // returnDate without its offset, and fields missing: the core's invoker would never let this out.
      'returns.list': () => ({ total: 1, items: [{ id: 1, returnDate: '2026-05-01' }] }),
      'returns.carriers': () => ['Aras', 'Yurtiçi'],
    });
    await expect(bridge.api['returns.list']({})).rejects.toThrow(/not what the core could send/);
    expect(takeContractErrors()).toHaveLength(1); // taken here, so this test itself passes
    expect(await bridge.api['returns.carriers']({})).toEqual({ ok: true, value: ['Aras', 'Yurtiçi'] });
    // A date filter as a bare day is refused, as the core refuses it.
    const refused = await bridge.api['returns.list']({ from: '2026-05-01' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
