import { gtinCheckDigit } from '../barcode/gtin';
import { ais, PREDEFINED_LENGTH_PREFIXES, aiAt, isFixed, type AiSpec, type Component } from './dictionary';

/** FNC1 as a scanner sends it in the middle of a GS1 code: ASCII 29, group separator. */
export const GS = '\u001d';

export interface Gs1Element {
  ai: string;
  value: string;
}

/** Why a code is not a valid GS1 code; `params` fill the worker's message. */
export interface Gs1Problem {
  code:
    | 'empty'
    | 'unknown_ai'
    | 'too_short'
    | 'too_long'
    | 'not_numeric'
    | 'bad_chars'
    | 'bad_check_digit'
    | 'bad_date'
    | 'missing_ai'
    | 'excluded_ai'
    | 'duplicate_ai'
    | 'bad_link';
  params: Record<string, string | number>;
}

export type Gs1Parse = { ok: true; elements: Gs1Element[] } | { ok: false; problem: Gs1Problem };

const fail = (code: Gs1Problem['code'], params: Gs1Problem['params'] = {}): Gs1Parse => ({ ok: false, problem: { code, params } });

// GS1 AI encodable character set 82 (General Specifications 7.11, figure 7.11-1) and set 39.
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;
const CSET39 = /^[#\-/0-9A-Z]*$/;

/** Checks one element's value against its dictionary entry. */
export function checkValue(spec: AiSpec, value: string, today: Date = new Date()): Gs1Problem | null {
  let rest = value;
  const comps = spec.components;
  for (let i = 0; i < comps.length; i++) {
    const c = comps[i]!;
    const lastComp = i === comps.length - 1;
    const part = lastComp ? rest : rest.slice(0, c.max);
    rest = lastComp ? '' : rest.slice(c.max);
    if (part.length < c.min) return { code: 'too_short', params: { ai: spec.ai, value, length: c.min } };
    if (part.length > c.max) return { code: 'too_long', params: { ai: spec.ai, value, length: c.max } };
    const problem = checkComponent(spec.ai, c, part, value, today);
    if (problem) return problem;
  }
  return null;
}

function checkComponent(ai: string, c: Component, part: string, value: string, today: Date): Gs1Problem | null {
  if (c.cset === 'N' && !/^\d*$/.test(part)) return { code: 'not_numeric', params: { ai, value } };
  if (c.cset === 'X' && !CSET82.test(part)) return { code: 'bad_chars', params: { ai, value } };
  if (c.cset === 'Y' && !CSET39.test(part)) return { code: 'bad_chars', params: { ai, value } };
  if (c.check === 'csum') {
    const expected = gtinCheckDigit(part.slice(0, -1));
    if (Number(part[part.length - 1]) !== expected) return { code: 'bad_check_digit', params: { ai, value, expected } };
  }
  if ((c.check === 'yymmdd' || c.check === 'yymmd0') && !gs1Date(part, c.check === 'yymmd0', today))
    return { code: 'bad_date', params: { ai, value } };
  return null;
}

/**
 * A GS1 YYMMDD date as an ISO date (YYYY-MM-DD). The century follows the GS1 rule (General
 * Specifications 7.12): a year more than 49 years ahead of this one is in the previous century, one
 * more than 50 years behind is in the next. Day 00 (allowed for best-before and expiry) means the
 * last day of the month. Null when there is no such day.
 */
export function gs1Date(yymmdd: string, dayZero: boolean, today: Date = new Date()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  const current = today.getUTCFullYear();
  const diff = yy - (current % 100);
  const century = Math.floor(current / 100) * 100 + (diff >= 51 ? -100 : diff <= -50 ? 100 : 0);
  const year = century + yy;
  if (mm < 1 || mm > 12) return null;
  const daysIn = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  if (dd === 0 && !dayZero) return null;
  if (dd > daysIn) return null;
  const day = dd === 0 ? daysIn : dd;
  return `${String(year).padStart(4, '0')}-${String(mm).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Parses a GS1 element string: AIs one after the other, each variable-length element (and each
 * element whose AI does not start with a predefined-length prefix) ended by GS unless it is last.
 * `data` is without symbology identifier and without the leading FNC1.
 */
export function parseElementString(data: string, today: Date = new Date()): Gs1Parse {
  const elements: Gs1Element[] = [];
  let pos = 0;
  while (pos < data.length) {
    if (data[pos] === GS) {
      pos += 1; // a separator after a predefined-length element is tolerated
      continue;
    }
    const spec = aiAt(data.slice(pos, pos + 4));
    if (!spec) return fail('unknown_ai', { ai: data.slice(pos, pos + 4) || data.slice(pos) });
    pos += spec.ai.length;
    let value: string;
    if (PREDEFINED_LENGTH_PREFIXES.has(spec.ai.slice(0, 2)) && isFixed(spec)) {
      const length = spec.components.reduce((n, c) => n + c.max, 0);
      value = data.slice(pos, pos + length);
      pos += value.length;
      if (value.includes(GS) || value.length < length) return fail('too_short', { ai: spec.ai, value: value.split(GS)[0]!, length });
    } else {
      const end = data.indexOf(GS, pos);
      value = end === -1 ? data.slice(pos) : data.slice(pos, end);
      pos = end === -1 ? data.length : end + 1;
    }
    const problem = checkValue(spec, value, today);
    if (problem) return { ok: false, problem };
    const seen = elements.find((e) => e.ai === spec.ai);
    if (seen && seen.value !== value) return fail('duplicate_ai', { ai: spec.ai });
    if (!seen) elements.push({ ai: spec.ai, value });
  }
  if (elements.length === 0) return fail('empty');
  return checkPairs(elements);
}

/** The dictionary's pairing rules: required companions (req) and exclusive AIs (ex). */
export function checkPairs(elements: Gs1Element[]): Gs1Parse {
  const present = new Set(elements.map((e) => e.ai));
  for (const e of elements) {
    const spec = ais().get(e.ai)!;
    const clash = spec.ex.find((x) => present.has(x));
    if (clash) return fail('excluded_ai', { ai: e.ai, other: clash });
    for (const alternatives of spec.req) {
      if (!alternatives.some((a) => present.has(a))) return fail('missing_ai', { ai: e.ai, need: alternatives.join(', ') });
    }
  }
  return { ok: true, elements };
}

/**
 * Bracketed human-readable form, as printed under a barcode: `(01)09506000134352(17)201225`.
 * Used for typed codes and tests; a value may not contain `(`.
 */
export function parseBracketed(text: string, today: Date = new Date()): Gs1Parse {
  const re = /\((\d{2,4})\)([^(]*)/gy;
  const elements: string[] = [];
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(text))) {
    const spec = ais().get(m[1]!);
    if (!spec) return fail('unknown_ai', { ai: m[1]! });
    elements.push(`${m[1]}${m[2]}`);
    consumed = re.lastIndex;
  }
  if (consumed !== text.length || elements.length === 0) return fail('empty');
  return parseElementString(elements.join(GS), today);
}

/** A variable-length value that may hold elements a missing separator ran into it. */
export interface MissingSeparator {
  /** The AI whose value ran on, and its value had a separator ended it. */
  ai: string;
  value: string;
  /** What followed, bracketed: `(17)271231`. */
  next: string;
}

/**
 * When a separator after a variable-length element is missing, that element takes the rest of the
 * code ("lot LOT4217271231" for (10)LOT42 (17)271231), and the code still parses. Tries a separator
 * at each place inside the variable-length values: the first place where the whole code then
 * parses into more elements (one that starts a predefined-length element, such as a date, first)
 * is what the worker is told. Null when no place does.
 */
export function missingSeparator(data: string, elements: Gs1Element[], today: Date = new Date()): MissingSeparator | null {
  const found: { m: MissingSeparator; fixed: boolean }[] = [];
  for (let p = 1; p < data.length - 1; p++) {
    if (data[p] === GS || data[p - 1] === GS) continue;
    const spec = aiAt(data.slice(p, p + 4));
    if (!spec) continue;
    const r = parseElementString(`${data.slice(0, p)}${GS}${data.slice(p)}`, today);
    if (!r.ok || r.elements.length <= elements.length) continue;
    const cut = elements.find((e, i) => r.elements[i]?.ai === e.ai && r.elements[i].value !== e.value);
    if (!cut) continue;
    const at = elements.indexOf(cut);
    const added = r.elements.slice(at + 1, at + 1 + r.elements.length - elements.length);
    const m = { ai: cut.ai, value: r.elements[at]!.value, next: added.map((e) => `(${e.ai})${e.value}`).join('') };
    found.push({ m, fixed: PREDEFINED_LENGTH_PREFIXES.has(spec.ai.slice(0, 2)) && isFixed(spec) });
  }
  return (found.find((f) => f.fixed) ?? found[0])?.m ?? null;
}
