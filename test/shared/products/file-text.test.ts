import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProductCsv, parseProductCsvBytes } from '../../../src/shared/products/csv';
import { decodeFileBytes } from '../../../src/shared/products/file-text';

const fixtures = join(import.meta.dirname, '../../fixtures/products');
const utf8 = readFileSync(join(fixtures, 'single.csv'));
const cp1254 = readFileSync(join(fixtures, 'single-windows-1254.csv'));
const text = utf8.toString('utf8').replace(/^\uFEFF/, '');
const utf16 = (t: string, be: boolean, bom: boolean) => {
  const le = Buffer.from(`${bom ? '\uFEFF' : ''}${t}`, 'utf16le');
  if (!be) return new Uint8Array(le);
  const out = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) {
    out[i] = le[i + 1]!;
    out[i + 1] = le[i]!;
  }
  return new Uint8Array(out);
};

describe('reading an imported file from its bytes (issue 11.3)', () => {
  it('reads UTF-8 with and without BOM, and UTF-16 LE/BE with and without BOM, letter for letter', () => {
    const cases: [Uint8Array, string][] = [
      [new Uint8Array(utf8), 'utf-8'],
      [new Uint8Array(Buffer.from(text, 'utf8')), 'utf-8'],
      [utf16(text, false, true), 'utf-16le'],
      [utf16(text, true, true), 'utf-16be'],
      [utf16(text, false, false), 'utf-16le'],
      [utf16(text, true, false), 'utf-16be'],
    ];
    for (const [bytes, encoding] of cases) {
      const r = decodeFileBytes(bytes);
      expect(r, encoding).toEqual({ kind: 'text', encoding, text });
    }
  });

  it('detects Excel’s Turkish CSV (Windows-1254) and shows the Turkish letters as they would be read; never mangles silently', () => {
    const r = decodeFileBytes(new Uint8Array(cp1254));
    expect(r.kind).toBe('confirm');
    if (r.kind !== 'confirm') return;
    expect(r.encoding).toBe('windows-1254');
    expect(r.preview[0]).toContain('Çay Bardağı 6’lı');
    expect(r.text.replace(/\r\n/g, '\n')).toBe(text.replace(/\r\n/g, '\n'));
    expect(r.text).not.toContain('\uFFFD');
    // Without the worker's yes, the CSV is refused with the advice to save as CSV UTF-8.
    expect(parseProductCsvBytes(new Uint8Array(cp1254))).toMatchObject({ ok: false, problems: [{ code: 'not_utf8' }] });
    // After it, the records are those of the UTF-8 file.
    expect(parseProductCsv(r.text).records).toEqual(parseProductCsvBytes(new Uint8Array(utf8)).records);
  });

  it('refuses binary data (a spreadsheet saved as .xlsx, an image)', () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]);
    expect(decodeFileBytes(zip)).toEqual({ kind: 'refused', reason: 'binary' });
    expect(parseProductCsvBytes(zip)).toMatchObject({ ok: false, problems: [{ code: 'not_text' }] });
  });
});
