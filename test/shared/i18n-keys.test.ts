import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/shared/i18n';

describe('i18n keys are checked by the type checker (CustomTypeOptions)', () => {
  it('a key the English catalog lacks fails `npm run typecheck`; known keys of any namespace pass', () => {
    const i18n = createI18n('en');
    // Were the keys not type-checked, this directive would itself fail the type check (nothing to expect).
    // @ts-expect-error no such key in common
    expect(i18n.t('nonexistent.key')).toBe('nonexistent.key');
    // @ts-expect-error no such key in the returns namespace
    expect(i18n.t('returns:filters.nowhere')).toBe('filters.nowhere');
    expect(i18n.t('returns:filters.from')).toBe('Returned from');
    expect(i18n.t('loading')).not.toBe('loading');
  });
});
