import { afterEach } from 'vitest';
import { takeContractErrors } from './fake-bridge';

// A fake answer that the real core could never give fails the test that received it, even when
// the store caught the error it threw.
afterEach(() => {
  const errors = takeContractErrors();
  if (errors.length) throw new Error(errors.join('\n'));
});
