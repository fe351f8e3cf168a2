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
});
