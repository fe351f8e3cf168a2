import { aiAt } from './dictionary';
import { looksLikeUri, parseDigitalLink } from './digital-link';
import { GS, missingSeparator, parseBracketed, parseElementString, type Gs1Element, type Gs1Problem, type MissingSeparator } from './parse';

/**
 * AIM symbology identifiers (ISO/IEC 15424) a scanner may put before the data when told to:
 * `]C1` GS1-128, `]e0` GS1 DataBar, `]d2` GS1 DataMatrix, `]Q3` GS1 QR Code, `]J1` GS1 DotCode
 * carry GS1 element strings; `]C0` Code 128, `]d1` DataMatrix, `]Q1` QR, `]E0`/`]E4` EAN/UPC … are
 * plain data.
 */
const GS1_AIM = new Set([']C1', ']e0', ']d2', ']Q3', ']J1']);
const AIM = /^\][A-Za-z][0-9A-Za-z]/;

export type Gs1Source = 'element-string' | 'bracketed' | 'digital-link';

export type ScanRead =
  /** Not GS1: a product barcode, a SKU, a shelf label … (`aim` as the scanner sent it). */
  | { kind: 'plain'; code: string; aim: string | null }
  | {
      kind: 'gs1';
      elements: Gs1Element[];
      aim: string | null;
      source: Gs1Source;
      declared: boolean;
      /** A variable-length value that holds more elements: a separator is probably missing. */
      missingSeparator?: MissingSeparator | null;
    }
  /** Says it is GS1 (identifier, separator, brackets, Digital Link) but breaks the rules. */
  | { kind: 'malformed'; problem: Gs1Problem; aim: string | null; declared: boolean };

export interface ReadOptions {
  /** The character the scanner sends instead of GS for FNC1 ('' = it sends GS). */
  gsSubstitute?: string;
  today?: Date;
}

/** A GS1 element string without identifier starts with a key such as (00), (01) or (02). */
const GS1_START = /^(00\d{18}|0[12]\d{14})./s;
/** The key alone, without anything behind it. */
const GS1_KEY_ONLY = /^(00\d{18}|0[12]\d{14})$/;

function fromElementString(data: string, aim: string | null, declared: boolean, today: Date): ScanRead {
  const text = data.replace(new RegExp(`^${GS}+`), '');
  const r = parseElementString(text, today);
  return r.ok
    ? { kind: 'gs1', elements: r.elements, aim, source: 'element-string', declared, missingSeparator: missingSeparator(text, r.elements, today) }
    : { kind: 'malformed', problem: r.problem, aim, declared };
}

function fromLink(uri: string, aim: string | null, today: Date): ScanRead {
  const r = parseDigitalLink(uri, today);
  if (r.ok) return { kind: 'gs1', elements: r.elements, aim, source: 'digital-link', declared: true };
  // An address that is no Digital Link at all (no GS1 key in its path) is just a code.
  if (r.problem.code === 'bad_link' && !('ai' in r.problem.params)) return { kind: 'plain', code: uri, aim };
  return { kind: 'malformed', problem: r.problem, aim, declared: true };
}

/**
 * What a scanned code is, as far as GS1 goes. The GS substitute is turned back into GS only in
 * codes that are GS1 (so a `|` in a plain Code 128 stays a `|`).
 */
export function readScan(raw: string, opts: ReadOptions = {}): ScanRead {
  const today = opts.today ?? new Date();
  const sub = opts.gsSubstitute ?? '';
  const withGs = (text: string) => (sub ? text.split(sub).join(GS) : text);
  const aim = AIM.exec(raw)?.[0] ?? null;
  const data = aim ? raw.slice(3) : raw;
  if (aim && GS1_AIM.has(aim)) {
    if (aim === ']Q3' && looksLikeUri(data)) return fromLink(data, aim, today);
    return fromElementString(withGs(data), aim, true, today);
  }
  if (looksLikeUri(data)) return fromLink(data, aim, today);
  if (aim) return { kind: 'plain', code: data, aim };
  if (data.startsWith(GS) || (sub && data.startsWith(sub))) return fromElementString(withGs(data), null, true, today);
  if (/^\(\d{2,4}\)/.test(data)) {
    const r = parseBracketed(data, today);
    return r.ok
      ? { kind: 'gs1', elements: r.elements, aim: null, source: 'bracketed', declared: true }
      : { kind: 'malformed', problem: r.problem, aim: null, declared: true };
  }
  const separated = data.includes(GS) || (sub !== '' && data.includes(sub));
  if (separated && aiAt(data) !== null) return fromElementString(withGs(data), null, true, today);
  // No identifier, no separator: a key with more behind it is GS1; it may still be a product's own
  // code, which the caller tries first (declared: false).
  if (GS1_START.test(data)) return fromElementString(data, null, false, today);
  // The key alone ((01) and a GTIN-14): GS1 when it is valid (a wrong check digit: just a code).
  if (GS1_KEY_ONLY.test(data)) {
    const r = fromElementString(data, null, false, today);
    return r.kind === 'gs1' ? r : { kind: 'plain', code: data, aim: null };
  }
  return { kind: 'plain', code: data, aim: null };
}
