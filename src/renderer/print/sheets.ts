import { COMMAND_QUANTITIES, commandCode, type CountCommand } from '../../shared/gs1/scan-intent';
import type { I18nKey } from '../../shared/i18n/custom-types';

/** One barcode on a printed sheet. */
export interface PrintedCode {
  /** bwip-js symbology: code128, ean13, gs1-128, gs1datamatrix. */
  bcid: 'code128' | 'ean13' | 'gs1-128' | 'gs1datamatrix';
  /** What is encoded (GS1: the bracketed element string, `(01)…(10)…`). */
  data: string;
  /** Human-readable text printed under the bars. */
  text: string;
  /** A title above it (a command's name, the symbol's name on the test sheet); i18n key + params. */
  title?: { key: I18nKey; params?: Record<string, string | number> };
  /** No barcode, text only: a character a keyboard-wedge scan could not bring back (ı, ş, İ …). */
  textOnly?: boolean;
}

export interface LabelSize {
  widthMm: number;
  heightMm: number;
}

/** Common A4 label sheets (3 × 8 = 24, 2 × 7 = 14, 2 × 4 = 8 per page). */
export const LABEL_SIZES: readonly LabelSize[] = [
  { widthMm: 70, heightMm: 37 },
  { widthMm: 105, heightMm: 42 },
  { widthMm: 105, heightMm: 74 },
];

/** Label sheets use the whole page (3 × 8 labels of 70 × 37 mm take 210 × 296 mm). */
export const A4 = { widthMm: 210, heightMm: 297 } as const;

/** How many labels of a size fit on an A4 page, and the margins that centre them. */
export function perPage(size: LabelSize): { columns: number; rows: number; marginXMm: number; marginYMm: number } {
  const columns = Math.max(1, Math.floor(A4.widthMm / size.widthMm));
  const rows = Math.max(1, Math.floor(A4.heightMm / size.heightMm));
  return { columns, rows, marginXMm: (A4.widthMm - columns * size.widthMm) / 2, marginYMm: (A4.heightMm - rows * size.heightMm) / 2 };
}

export function pages<T>(items: T[], size: LabelSize): T[][] {
  const { columns, rows } = perPage(size);
  const n = columns * rows;
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out;
}

/** Shelf labels: the storage code as Code 128 with the code in large print under it. */
export const shelfLabels = (codes: string[]): PrintedCode[] =>
  codes.map((c) => ({ bcid: 'code128', data: c, text: c, ...(/^[\x20-\x7e]+$/.test(c) ? {} : { textOnly: true }) }));

/** The Counts screen's command barcodes, in the order of the sheet. */
export const COMMANDS: CountCommand[] = [
  { type: 'undo' },
  { type: 'review' },
  { type: 'finish' },
  { type: 'cancelQuantity' },
  ...COMMAND_QUANTITIES.map((quantity) => ({ type: 'quantity' as const, quantity })),
];

export const commandSheet = (): PrintedCode[] =>
  COMMANDS.map((c) => ({
    bcid: 'code128',
    data: commandCode(c),
    text: commandCode(c),
    title: c.type === 'quantity' ? { key: 'gs1:command.quantity', params: { quantity: c.quantity } } : { key: `gs1:command.${c.type}` },
  }));

/**
 * The scanner test sheet. Each symbol tests something a wrong setting breaks: digits (EAN-13);
 * `- * i I` and `'`, which a Turkish Q/F layout types as other characters when codes are read
 * from the character instead of the physical key (and `i`/`I` that Turkish case rules change);
 * a GS1-128 whose FNC1 separator the scanner must pass on; a GS1 DataMatrix.
 */
export const TEST_SHEET: readonly (PrintedCode & { id: 'ean13' | 'code128' | 'gs1-128' | 'gs1-datamatrix' })[] = [
  { id: 'ean13', bcid: 'ean13', data: '8690000000012', text: '8690000000012', title: { key: 'labels:test.symbol.ean13' } },
  { id: 'code128', bcid: 'code128', data: "Ti-*iI'7", text: "Ti-*iI'7", title: { key: 'labels:test.symbol.code128' } },
  {
    id: 'gs1-128',
    bcid: 'gs1-128',
    data: '(01)09506000134352(10)LOT-7(21)SN1',
    text: '(01)09506000134352(10)LOT-7(21)SN1',
    title: { key: 'labels:test.symbol.gs1128' },
  },
  {
    id: 'gs1-datamatrix',
    bcid: 'gs1datamatrix',
    data: '(01)09506000134352(17)271231(10)AB12(21)X9',
    text: '(01)09506000134352(17)271231(10)AB12(21)X9',
    title: { key: 'labels:test.symbol.datamatrix' },
  },
];
