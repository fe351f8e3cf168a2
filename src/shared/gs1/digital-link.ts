import { ais } from './dictionary';
import { checkPairs, checkValue, type Gs1Element, type Gs1Parse } from './parse';

/** Primary keys a GS1 Digital Link URI path may start with, and the key qualifiers that may follow. */
const PRIMARY: Record<string, string[]> = {
  '01': ['22', '10', '21', '235'],
  '00': [],
  '253': [],
  '255': [],
  '401': [],
  '402': [],
  '414': ['254', '7040'],
  '417': ['7040'],
  '8003': [],
  '8004': ['7040'],
  '8006': ['22', '10', '21'],
  '8010': ['8011'],
  '8013': ['7040'],
  '8017': ['8019'],
  '8018': ['8019'],
};

/** Short names of the first Digital Link version, still printed on older QR codes. */
const ALIASES: Record<string, string> = { gtin: '01', cpv: '22', lot: '10', ser: '21', sscc: '00', exp: '17', bbd: '15' };

const aiOf = (segment: string) => ALIASES[segment] ?? segment;

/** True when the text looks like a web address (then it may be a GS1 Digital Link). */
export const looksLikeUri = (text: string) => /^https?:\/\//i.test(text);

/**
 * Parses a GS1 Digital Link URI (`https://id.example.com/01/09506000134352/10/ABC?17=271231`):
 * the path from the primary key on (any prefix path before it is the resolver's), qualifiers in
 * their order, and data attributes as numeric query parameters. Values are percent-decoded and
 * checked like the same AIs in a barcode; a GTIN of 8, 12 or 13 digits is padded to 14.
 */
export function parseDigitalLink(uri: string, today: Date = new Date()): Gs1Parse {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { ok: false, problem: { code: 'bad_link', params: {} } };
  }
  const segments = url.pathname.split('/').filter(Boolean);
  let start = -1;
  // The primary key is the first path position from which the rest reads as key/value pairs;
  // anything before it is the resolver's own path.
  for (let i = 0; i < segments.length - 1 && start === -1; i += 1) {
    if (PRIMARY[aiOf(segments[i]!)] !== undefined && (segments.length - i) % 2 === 0) start = i;
  }
  if (start === -1) return { ok: false, problem: { code: 'bad_link', params: {} } };
  const elements: Gs1Element[] = [];
  const primary = aiOf(segments[start]!);
  const allowed = PRIMARY[primary]!;
  let lastQualifier = -1;
  for (let i = start; i < segments.length; i += 2) {
    const ai = aiOf(segments[i]!);
    const raw = segments[i + 1];
    if (raw === undefined) return { ok: false, problem: { code: 'bad_link', params: { ai } } };
    if (i > start) {
      const order = allowed.indexOf(ai);
      if (order <= lastQualifier) return { ok: false, problem: { code: 'bad_link', params: { ai } } };
      lastQualifier = order;
    }
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return { ok: false, problem: { code: 'bad_link', params: { ai } } };
    }
    if (ai === '01' && /^\d{8}$|^\d{12,13}$/.test(value)) value = value.padStart(14, '0');
    elements.push({ ai, value });
  }
  for (const [key, value] of url.searchParams) {
    const ai = aiOf(key);
    if (!/^\d{2,4}$/.test(ai)) continue; // other parameters (linkType, context …) are not data
    if (elements.some((e) => e.ai === ai)) return { ok: false, problem: { code: 'duplicate_ai', params: { ai } } };
    elements.push({ ai, value });
  }
  for (const e of elements) {
    const spec = ais().get(e.ai);
    if (!spec) return { ok: false, problem: { code: 'unknown_ai', params: { ai: e.ai } } };
    const problem = checkValue(spec, e.value, today);
    if (problem) return { ok: false, problem };
  }
  return checkPairs(elements);
}
