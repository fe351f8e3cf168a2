import { gs1Date, type Gs1Element, type Gs1Problem, type MissingSeparator } from './parse';
import { readScan, type ReadOptions } from './read';

/**
 * Command barcodes of the Counts screen (printed on the command sheet). They start with a prefix
 * no product code may use, so a command is never counted. Upper-case letters and digits only, and
 * no `I`: they read the same with any keyboard layout, with or without physical-key decoding.
 */
export const COMMAND_PREFIX = 'WDCMD';

export type CountCommand =
  { type: 'undo' } | { type: 'review' } | { type: 'finish' } | { type: 'cancelQuantity' } | { type: 'quantity'; quantity: number };

export const COMMAND_QUANTITIES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 24] as const;

export function commandCode(c: CountCommand): string {
  switch (c.type) {
    case 'undo':
      return `${COMMAND_PREFIX}UNDO`;
    case 'review':
      return `${COMMAND_PREFIX}SEND`;
    case 'finish':
      return `${COMMAND_PREFIX}DONE`;
    case 'cancelQuantity':
      return `${COMMAND_PREFIX}QC`;
    case 'quantity':
      return `${COMMAND_PREFIX}Q${c.quantity}`;
  }
}

/** The command of a code with the reserved prefix, or null when the rest is not a known command. */
export function parseCommand(code: string): CountCommand | null {
  const rest = code.slice(COMMAND_PREFIX.length);
  if (rest === 'UNDO') return { type: 'undo' };
  if (rest === 'SEND') return { type: 'review' };
  if (rest === 'DONE') return { type: 'finish' };
  if (rest === 'QC') return { type: 'cancelQuantity' };
  const q = /^Q([1-9]\d{0,2})$/.exec(rest);
  return q ? { type: 'quantity', quantity: Number(q[1]) } : null;
}

export const isCommandCode = (code: string) => code.toUpperCase().startsWith(COMMAND_PREFIX);

/** GS1 data a count keeps with the scan event. */
export interface Gs1Facts {
  /** GTIN-14 of (01) or (02). */
  gtin: string | null;
  /** (10) batch or lot. */
  lot: string | null;
  /** (17) expiry date, ISO (YYYY-MM-DD). */
  expiry: string | null;
  /** (21) serial number. */
  serial: string | null;
  /** (00) SSCC of a logistic unit (a parcel, a pallet). */
  sscc: string | null;
  /** (37) or (30): how many items the one scan stands for. */
  quantity: number | null;
  /** A variable-length value that holds more elements: a separator is probably missing. */
  missingSeparator?: MissingSeparator | null;
}

/** What one scan means to the counting screen and the core. */
export type ScanIntent =
  | { kind: 'command'; command: CountCommand | null; code: string }
  | { kind: 'plain'; code: string }
  /** `lookup`: codes to try, in order (the GTIN as printed on EAN-13/UPC-A/EAN-8 labels too). */
  | { kind: 'gs1'; code: string; lookup: string[]; facts: Gs1Facts; elements: Gs1Element[]; declared: boolean }
  | { kind: 'malformed'; code: string; problem: Gs1Problem; declared: boolean };

/** A GTIN-14 and the shorter forms the same number has on product labels (leading zeros cut). */
export function gtinForms(gtin14: string): string[] {
  const forms = [gtin14];
  for (const length of [13, 12, 8]) {
    const cut = gtin14.slice(14 - length);
    if (/^0+$/.test(gtin14.slice(0, 14 - length))) forms.push(cut);
  }
  return forms;
}

function factsOf(elements: Gs1Element[], today: Date): Gs1Facts {
  const v = (ai: string) => elements.find((e) => e.ai === ai)?.value ?? null;
  const expiry = v('17');
  const count = v('37') ?? v('30');
  return {
    gtin: v('01') ?? v('02'),
    lot: v('10'),
    expiry: expiry ? gs1Date(expiry, true, today) : null,
    serial: v('21'),
    sscc: v('00'),
    quantity: count === null ? null : Number(count),
  };
}

/**
 * Turns a scanned code into what it asks for: a command, a plain code to look up, a GS1 code
 * (codes to look up, how many it counts, lot, expiry, serial) or a malformed GS1 code (a misread,
 * with the reason). Pure: the same code gives the same intent in the renderer and the core.
 */
export function interpretScan(raw: string, opts: ReadOptions = {}): ScanIntent {
  const today = opts.today ?? new Date();
  const read = readScan(raw, opts);
  if (read.kind === 'plain') {
    if (isCommandCode(read.code)) return { kind: 'command', command: parseCommand(read.code.toUpperCase()), code: read.code };
    return { kind: 'plain', code: read.code };
  }
  if (read.kind === 'malformed') return { kind: 'malformed', code: raw, problem: read.problem, declared: read.declared };
  const facts = { ...factsOf(read.elements, today), missingSeparator: read.missingSeparator ?? null };
  const lookup = facts.gtin ? gtinForms(facts.gtin) : facts.sscc ? [facts.sscc] : [];
  return { kind: 'gs1', code: raw, lookup, facts, elements: read.elements, declared: read.declared };
}

/**
 * The code a parcel label stands for on the returns desk: the SSCC of a GS1 logistic label (also
 * as `00` + SSCC with identifier or brackets), the data of a code sent with an identifier; null
 * when the code is used as it is.
 */
export function parcelCode(raw: string, opts: ReadOptions = {}): string | null {
  const intent = interpretScan(raw, opts);
  if (intent.kind === 'gs1') return intent.facts.sscc;
  if (intent.kind === 'plain' && intent.code !== raw) return intent.code;
  return null;
}
