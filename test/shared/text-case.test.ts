import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, lower, upper } from '../../src/shared/text/case';

describe('Turkish-aware casing', () => {
  it('upper- and lower-cases i/İ and ı/I the Turkish way in Turkish, the English way in English', () => {
    expect(upper('iade işlemi', 'tr')).toBe('İADE İŞLEMİ');
    expect(upper('iade', 'en')).toBe('IADE');
    expect(lower('IŞIK', 'tr')).toBe('ışık');
    expect(lower('IŞIK', 'en')).toBe('işik');
  });

  it('folds for search so a worker finds a name however it was typed', () => {
    for (const typed of ['İPEK ŞAHİN', 'ipek şahin', 'IPEK SAHIN', 'ipek sahin', '  İpek   Şahin ']) expect(fold(typed)).toBe('ipek sahin');
    expect(fold('Çağrı Öztürk')).toBe('cagri ozturk');
  });

  it('folds on its fast paths (plain ASCII, Turkish letters without the locale) exactly as the full Turkish rules do', () => {
    // The full rules, as they were before the fast path: the fast path must never change a search key.
    const FOLD: Record<string, string> = { ı: 'i', ş: 's', ğ: 'g', ü: 'u', ö: 'o', ç: 'c', â: 'a', î: 'i', û: 'u' };
    const full = (s: string) =>
      s
        .toLocaleLowerCase('tr-TR')
        .replace(/[ışğüöçâîû]/g, (c) => FOLD[c] ?? c)
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    const ascii = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
    fc.assert(fc.property(ascii, (s) => fold(s) === full(s)), { numRuns: 2000 });
    const mixed = fc.string({ unit: fc.constantFrom('I', 'i', 'İ', 'ı', 'Ş', 'ş', 'A', ' ', '\t', 'é', '7', '-'), maxLength: 20 });
    fc.assert(fc.property(mixed, (s) => fold(s) === full(s)), { numRuns: 2000 });
    expect(fold('ORD-2026 IBRAHIM')).toBe('ord-2026 ibrahim');
    // Any text at all (the non-ASCII path lowers without the locale): the same keys as the full rules.
    const turkish = fc.string({
      unit: fc.constantFrom('I', 'İ', 'ı', 'i', '\u0307', 'Ş', 'Ğ', 'Ü', 'Ö', 'Ç', 'Â', 'Î', 'Û', 'é', 'ß', 'ﬁ', 'Σ', '\u00a0', ' ', 'a', 'Z', '1'),
      maxLength: 24,
    });
    fc.assert(fc.property(turkish, (s) => fold(s) === full(s)), { numRuns: 5000 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 24 }), (s) => fold(s) === full(s)), { numRuns: 5000 });
    expect(fold('Kırmızı Çanta İNCE Şal')).toBe('kirmizi canta ince sal');
  });
});
