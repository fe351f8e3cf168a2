import { describe, expect, it } from 'vitest';
import { i18n } from '../../src/renderer/i18n';
import { describeError } from '../../src/renderer/i18n/errors';

/** The core's sources as text (read by Vite at test time; renderer tests have no file system). */
const coreSources = import.meta.glob<string>(['../../src/main/core/**/*.ts', '../../src/shared/domain/*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Every reason the core gives with an error (`reason: '…'` in src/main/core, and the count states
 * behind `count_${state}`), as a worker reads it.
 */
function coreReasons(): string[] {
  const found = new Set<string>();
  for (const source of Object.values(coreSources)) {
    for (const line of source.split('\n')) {
      // Events carry a reason too (why the packages changed); those are not errors.
      if (line.includes('bus.emit')) continue;
      for (const m of line.matchAll(/reason: '([a-z_]+)'/g)) found.add(m[1]!);
    }
  }
  found.add('count_pushed');
  found.add('count_discarded');
  return [...found].sort();
}

describe('every reason the core gives is told in the worker’s language', () => {
  const reasons = coreReasons();
  // Params a reason's sentence may use; a missing one would show as {{…}}.
  const params = {
    storageCode: 'A-01',
    sku: 'SKU-1',
    code: '8690000000001',
    count: 2,
    id: 7,
    page: 3,
    seen: 5,
    expected: 9,
    version: 14,
    latest: 12,
    seconds: 30,
    left: 3,
    since: '2026-11-29T09:00:00Z',
    movedTo: '/data/workspaces/depo.damaged-2026-11-29.db',
    name: 'Çizim Seti',
    exported: '/data/workspaces/depo.damaged-2026-11-29.export.json',
    file: '/data/workspaces/depo.db',
  };

  it('finds the reasons (the scan works)', () => {
    expect(reasons).toEqual(
      expect.arrayContaining(['count_not_found', 'decision_missing', 'sync_running', 'workspace_damaged', 'storage_code_chars']),
    );
  });

  for (const language of ['tr', 'en'] as const) {
    it(`${language}: a sentence of its own for each, with no placeholder left and (Turkish) no English`, () => {
      const t = i18n.getFixedT(language);
      const en = i18n.getFixedT('en');
      const missing: string[] = [];
      for (const reason of reasons) {
        // A refused write is told by its answer code (errors.http.*), tested elsewhere.
        if (reason === 'refused') continue;
        const error = {
          code: 'conflict' as const,
          message: 'technical English',
          params: {
            reason,
            ...params,
            address: 'http://10.0.0.5',
            host: '0.0.0.0',
            value: 'x',
            sentAt: '2026-11-23T10:00:00.000Z',
            blockedBy: 3,
            exported: 'f.json',
          },
        };
        const { why } = describeError(t, error);
        if (!why || /\{\{|technical English/.test(why)) missing.push(`${reason}: ${why}`);
        else if (language === 'tr' && why === describeError(en, error).why) missing.push(`${reason}: English in Turkish (${why})`);
      }
      expect(missing).toEqual([]);
    });
  }

  it('a time in a reason is in the worker’s language, not ISO text', () => {
    const t = i18n.getFixedT('tr');
    const { why } = describeError(t, {
      code: 'conflict',
      message: '',
      params: { reason: 'stale', sku: 'S1', storageCode: 'A-01', sentAt: '2026-11-23T10:00:00.000Z' },
    });
    expect(why).toContain('23 Kas 2026');
    expect(why).not.toContain('2026-11-23T');
  });

  it('a refusal promises nothing the app does not do: no "tries again" where nothing retries (sign-in), no refusal for a garbled 200', () => {
    for (const language of ['tr', 'en'] as const) {
      const t = i18n.getFixedT(language);
      for (const status of [429, 500, 503]) {
        const { why } = describeError(t, { code: 'service_error', message: '', params: { status } });
        expect(why).not.toMatch(/tries again|yeniden deneyecek/);
      }
      expect(describeError(t, { code: 'network', message: '', params: { cause: 'dropped' } }).why).not.toMatch(
        /tries again|yeniden deneyecek/,
      );
      const garbled = describeError(t, { code: 'bad_response', message: 'not JSON', params: { status: 200 } });
      expect(garbled.why).toBeNull();
    }
  });
});
