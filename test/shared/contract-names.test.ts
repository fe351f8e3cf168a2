import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, METHOD_NAMES } from '../../src/shared/contract-names';

// The type checker keeps the preload's names equal to the contract's (src/shared/contract-names.ts);
// this checks what it cannot: no name is listed twice, and the compile-time check is there.
describe('contract names for the preload', () => {
  it('list each method and event once', () => {
    expect(new Set(METHOD_NAMES).size).toBe(METHOD_NAMES.length);
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });
});
