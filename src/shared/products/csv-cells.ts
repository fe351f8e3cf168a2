import { fold } from '../text/case';
import type { ProblemCode } from './problems';

/** Reading one spreadsheet cell: a value, or the problem with it. */
export type Cell<T> = { ok: true; value: T } | { ok: false; code: ProblemCode; params: Record<string, string | number> };

const bad = (code: ProblemCode, value: string): Cell<never> => ({ ok: false, code, params: { value } });

/**
 * A price as people type it in either locale: 1299.90, 1299,90, 1.299,90, 1,299.90, 1 299,90.
 * With both marks the last one is the decimal mark. A single mark followed by exactly three digits
 * (1.299, 1,299) is refused: it reads as 1299 in Turkish and as 1.299 in English, and guessing
 * wrong would price a product a thousand times off.
 */
export function readDecimal(raw: string): Cell<number> {
  const s = raw.replace(/[\s\u00a0\u202f]/g, '');
  const m = /^([+-]?)([\d.,]+)$/.exec(s);
  if (!m) return bad('invalid_number', raw);
  const sign = m[1] === '-' ? -1 : 1;
  const body = m[2]!;
  const dot = body.lastIndexOf('.');
  const comma = body.lastIndexOf(',');
  let plain: string;
  if (dot >= 0 && comma >= 0) {
    const decimal = dot > comma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const [whole, fraction, ...more] = body.split(decimal);
    if (more.length || !fraction || !groupedOk(whole!, group)) return bad('invalid_number', raw);
    plain = `${whole!.split(group).join('')}.${fraction}`;
  } else if (dot >= 0 || comma >= 0) {
    const mark = dot >= 0 ? '.' : ',';
    const parts = body.split(mark);
    if (parts.length > 2) {
      // 1.299.000: only grouping marks.
      if (!groupedOk(body, mark)) return bad('invalid_number', raw);
      plain = parts.join('');
    } else {
      const [whole, fraction] = parts as [string, string];
      if (!whole || !fraction) return bad('invalid_number', raw);
      if (fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) return bad('ambiguous_number', raw);
      plain = `${whole}.${fraction}`;
    }
  } else plain = body;
  if (!/^\d+(\.\d+)?$/.test(plain)) return bad('invalid_number', raw);
  return { ok: true, value: sign * Number(plain) };
}

const groupedOk = (whole: string, mark: string) => new RegExp(`^\\d{1,3}(\\${mark}\\d{3})*$`).test(whole);

/** A list or attribute id: a whole number from 1. */
export function readId(raw: string): Cell<number> {
  const s = raw.trim();
  return /^\d+$/.test(s) && Number(s) >= 1 && Number.isSafeInteger(Number(s))
    ? { ok: true, value: Number(s) }
    : bad('expected_integer', raw);
}

const YES = new Set(['yes', 'y', 'true', '1', 'evet', 'e', 'x']);
const NO = new Set(['no', 'n', 'false', '0', 'hayir', 'h']);

/** yes/no in either language; an empty cell is no. */
export function readBoolean(raw: string): Cell<boolean> {
  const s = fold(raw);
  if (s === '' || NO.has(s)) return { ok: true, value: false };
  if (YES.has(s)) return { ok: true, value: true };
  return bad('invalid_boolean', raw);
}

/**
 * A code (SKU, barcode, model, option). Excel shows a long number as 8,69035E+12 and saves it that
 * way: the digits are gone, and the column must be formatted as text before typing the codes.
 */
export function readCode(raw: string): Cell<string> {
  const s = raw.trim();
  if (/^\d+([.,]\d+)?E\+\d+$/i.test(s)) return bad('scientific_notation', raw);
  return { ok: true, value: s };
}

const VIDEO = new Set(['mp4', 'mpeg', 'mpg', 'mov', 'webm', 'avi', 'm4v', 'mkv']);

/** Asset type from the file name: the service knows photos (1) and videos (3). */
export function assetTypeOf(name: string): 1 | 3 {
  const ext = /\.([a-z0-9]+)$/i.exec(name.split(/[?#]/)[0] ?? '')?.[1]?.toLowerCase();
  return ext && VIDEO.has(ext) ? 3 : 1;
}
