import { describe, expect, it } from 'vitest';
import { resources } from '../../src/shared/i18n';

/** Every string of a catalog, with its key path. */
function strings(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

describe('the Turkish screens speak a worker’s language', () => {
  it('the receiver and product screens say no "Bearer", "HTML" or "README"', () => {
    const found = (['notifications', 'products'] as const).flatMap((ns) =>
      strings(resources.tr[ns], ns).filter(([, text]) => /\bBearer\b|\bHTML\b|README/.test(text)),
    );
    expect(found).toEqual([]);
  });

  it('no screen says "Bearer", "HTML" or "README" (only wd, for IT, points to its manual)', () => {
    const found = (Object.keys(resources.tr) as (keyof typeof resources.tr)[])
      .filter((ns) => ns !== 'cli')
      .flatMap((ns) => strings(resources.tr[ns], ns).filter(([, text]) => /\bBearer\b|\bHTML\b|README/.test(text)));
    expect(found).toEqual([]);
  });
});
