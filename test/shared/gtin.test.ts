import { describe, expect, it } from 'vitest';
import { checkGtin, withCheckDigit } from '../../src/shared/barcode/gtin';

describe('GTIN check digits', () => {
  it('accepts real codes of every length', () => {
    expect(checkGtin('8690345727803')).toEqual({ kind: 'EAN-13', valid: true }); // from the service sample
    expect(checkGtin('96385074')).toEqual({ kind: 'EAN-8', valid: true });
    expect(checkGtin('036000291452')).toEqual({ kind: 'UPC-A', valid: true });
    expect(checkGtin('10012345000017')).toEqual({ kind: 'GTIN-14', valid: true });
  });

  it('tells a misread (wrong check digit) with the digit it expected', () => {
    expect(checkGtin('8690345727804')).toEqual({ kind: 'EAN-13', valid: false, expected: 3 });
    expect(checkGtin('96385075')).toMatchObject({ kind: 'EAN-8', valid: false });
  });

  it('leaves codes that are not GTINs alone', () => {
    for (const code of ['TestAyakkabi3KIRMIZI37', 'CV00004X9ZCH', '12345', '123456789012345', '869034572780A']) {
      expect(checkGtin(code)).toEqual({ kind: null, valid: null });
    }
  });

  it('completes a body with its check digit', () => {
    expect(withCheckDigit('869034572780')).toBe('8690345727803');
  });
});
