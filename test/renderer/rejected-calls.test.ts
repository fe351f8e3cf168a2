import { afterEach, describe, expect, it } from 'vitest';
import { call, setBridgeForTests } from '../../src/renderer/bridge/api';
import { useReturns } from '../../src/renderer/store/returns';
import { fakeBridge } from './fake-bridge';

afterEach(() => setBridgeForTests(null));

/**
 * A call the transport rejects (issue 47, item 7: in the desktop app an answer too deep to pass
 * made Electron's invoke throw "Error invoking remote method …: RangeError").
 */
describe('a rejected call', () => {
  const tooDeep = () => {
    throw new RangeError('Maximum call stack size exceeded');
  };

  it('is the contract’s error shape, call_failed, not a rejection', async () => {
    setBridgeForTests(fakeBridge({ 'returns.get': tooDeep }).api);
    expect(await call('returns.get', { id: 7 })).toEqual({
      ok: false,
      error: { code: 'call_failed', message: 'returns.get: Maximum call stack size exceeded' },
    });
  });

  it('leaves the Returns store saying so when a return is opened', async () => {
    setBridgeForTests(fakeBridge({ 'returns.get': tooDeep }).api);
    await useReturns.getState().open(7);
    expect(useReturns.getState()).toMatchObject({ selected: 7, detail: null, detailError: { code: 'call_failed' } });
  });
});
