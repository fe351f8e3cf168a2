/**
 * RFC 4180 reading, as spreadsheets write it: fields separated by a comma or a semicolon (Excel in
 * a Turkish locale uses ';'), quoted with "…" when they hold the separator, a quote ("") or a line
 * break, rows ending in CRLF, LF or CR. Row numbers are what a spreadsheet shows: the header is
 * row 1, and a quoted cell with line breaks stays one row.
 */

export interface CsvRow {
  /** 1-based, header = 1 (an Excel `sep=` line before the header is not counted). */
  row: number;
  cells: string[];
}

export interface CsvTable {
  delimiter: string;
  rows: CsvRow[];
  /** Row where a quoted cell opened and never closed (nothing from there on is read). */
  unclosedQuoteAt: number | null;
}

const CANDIDATES = [';', ',', '\t'];

export function readCsv(input: string): CsvTable {
  let text = input.replace(/^\uFEFF/, '');
  let delimiter: string | undefined;
  // Excel's hint line: "sep=;" says which separator follows and is not part of the table.
  const hint = /^sep=(.)(\r\n|\n|\r|$)/i.exec(text);
  if (hint?.[1]) {
    delimiter = hint[1];
    text = text.slice(hint[0].length);
  }
  delimiter ??= detectDelimiter(text);

  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let row = 1;
  let quoted = false;
  let fieldStart = true;
  const endRow = () => {
    cells.push(cell);
    rows.push({ row, cells });
    row += 1;
    cells = [];
    cell = '';
    fieldStart = true;
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false; // anything after the closing quote up to the separator is kept as typed
      continue;
    }
    if (c === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
      fieldStart = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else {
      cell += c;
      fieldStart = false;
    }
  }
  if (quoted) return { delimiter, rows, unclosedQuoteAt: row };
  if (cells.length > 0 || cell !== '') endRow();
  return { delimiter, rows, unclosedQuoteAt: null };
}

/** The separator that occurs most often (outside quotes) in the header line; ',' if none does. */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(CANDIDATES.map((c) => [c, 0]));
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  let most = 0;
  for (const [c, n] of counts)
    if (n > most) {
      best = c;
      most = n;
    }
  return best;
}
