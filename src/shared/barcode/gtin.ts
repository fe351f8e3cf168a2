/**
 * GTIN family check digits (EAN-8, UPC-A = GTIN-12, EAN-13, GTIN-14): from the right, digits are
 * weighted 3,1,3,1… and the check digit makes the sum a multiple of 10. A code of one of these
 * lengths whose check digit is wrong is a misread (scan again), not an unknown product.
 */
export type GtinKind = 'EAN-8' | 'UPC-A' | 'EAN-13' | 'GTIN-14';

const KINDS: Record<number, GtinKind> = { 8: 'EAN-8', 12: 'UPC-A', 13: 'EAN-13', 14: 'GTIN-14' };

export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export type GtinCheck =
  | { kind: GtinKind; valid: true }
  | { kind: GtinKind; valid: false; expected: number }
  /** Not a GTIN (letters, other length): an internal code such as a SKU or a cargo key. */
  | { kind: null; valid: null };

export function checkGtin(code: string): GtinCheck {
  const kind = /^\d+$/.test(code) ? KINDS[code.length] : undefined;
  if (!kind) return { kind: null, valid: null };
  const expected = gtinCheckDigit(code.slice(0, -1));
  return expected === Number(code[code.length - 1]) ? { kind, valid: true } : { kind, valid: false, expected };
}

/** Completes a code body with its check digit (EAN-13 from 12 digits, etc.). */
export const withCheckDigit = (body: string): string => `${body}${gtinCheckDigit(body)}`;
