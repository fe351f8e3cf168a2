import { describe, expect, it } from 'vitest';
import { eventNames, methodNames } from '../../src/shared/contract';
import { EVENT_NAMES, METHOD_NAMES } from '../../src/shared/contract-names';

// The preload exposes exactly these names; a method missing here cannot be called from the desktop app.
describe('contract names for the preload', () => {
  it('list exactly the contract’s methods', () => {
    expect([...METHOD_NAMES].sort()).toEqual([...methodNames].sort());
    expect(new Set(METHOD_NAMES).size).toBe(METHOD_NAMES.length);
  });
  it('list exactly the contract’s events', () => {
    expect([...EVENT_NAMES].sort()).toEqual([...eventNames].sort());
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });
});
