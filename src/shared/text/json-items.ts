/**
 * A JSON object's top-level array cut out as the source text of each item, and the rest of the
 * object with that array left empty.
 *
 * A list page of the service holds up to 500 records of about 6 KB each. Parsing the whole page
 * at once held the core for 25–50 ms; the cache also keeps every record as sent (compressed), and
 * writing the parsed record out again with JSON.stringify cost more than parsing it. Cut here, the
 * envelope is parsed alone and each record on its own, in turns (sync.ts), from its own text.
 *
 * Nothing is accepted that JSON.parse would refuse: every character is in the envelope (parsed
 * by the caller), in an item (parsed by the caller), or is white space, a comma or a bracket of
 * the array, checked here. Returns null, and the caller parses the whole text, when the top level
 * is not an object, `key` is missing, not an array, appears twice (JSON.parse keeps the last one),
 * is written with escapes, or the array's separators are not JSON's.
 */
export interface CutArray {
  /** Each item's text, as sent. */
  items: string[];
  /** The text with the array replaced by `[]`. */
  envelope: string;
}

export function cutTopLevelArray(text: string, key: string): CutArray | null {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_OBJECT) return null;
  i = skipSpace(text, i + 1);
  let found: { items: string[]; start: number; end: number } | null = null;
  let seen = false;
  while (i < text.length && text.charCodeAt(i) !== CLOSE_OBJECT) {
    if (text.charCodeAt(i) !== QUOTE) return null;
    const keyEnd = stringEnd(text, i);
    // A key written with escapes never equals `key` as written here; JSON.parse would still read
    // it as `key`, so such a key makes the answer unknown.
    const rawKey = text.slice(i + 1, keyEnd - 1);
    const isKey = rawKey === key;
    if (!isKey && rawKey.includes('\\')) return null;
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) return null;
    i = skipSpace(text, i + 1);
    if (isKey) {
      if (seen) return null;
      seen = true;
      found = text.charCodeAt(i) === OPEN_ARRAY ? arrayItems(text, i) : null;
      if (found === null) return null;
      i = found.end;
    } else {
      i = valueEnd(text, i);
    }
    i = skipSpace(text, i);
    if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
  }
  if (found === null) return null;
  return { items: found.items, envelope: `${text.slice(0, found.start)}[]${text.slice(found.end)}` };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else return i;
  }
}

/** Index just after the closing quote of the string that opens at `i`. */
function stringEnd(text: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) return text.length;
    let k = q - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    // An even number of backslashes before the quote: it is not escaped.
    if ((q - 1 - k) % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/** Index just after the value that starts at `i`. */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return stringEnd(text, i);
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === QUOTE) j = stringEnd(text, j) - 1;
      else if (d === OPEN_OBJECT || d === OPEN_ARRAY) depth++;
      else if (d === CLOSE_OBJECT || d === CLOSE_ARRAY) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  // A number, true, false or null: up to the next delimiter.
  let j = i;
  for (;;) {
    const d = text.charCodeAt(j);
    if (Number.isNaN(d) || d === COMMA || d === CLOSE_OBJECT || d === CLOSE_ARRAY || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09)
      return j;
    j++;
  }
}

/** The items of the array that opens at `start`, strictly separated; null if they are not. */
function arrayItems(text: string, start: number): { items: string[]; start: number; end: number } | null {
  const items: string[] = [];
  let i = skipSpace(text, start + 1);
  if (text.charCodeAt(i) === CLOSE_ARRAY) return { items, start, end: i + 1 };
  for (;;) {
    const c = text.charCodeAt(i);
    if (Number.isNaN(c) || c === COMMA || c === CLOSE_ARRAY || c === CLOSE_OBJECT || c === COLON) return null;
    const end = valueEnd(text, i);
    items.push(text.slice(i, end));
    i = skipSpace(text, end);
    const d = text.charCodeAt(i);
    if (d === CLOSE_ARRAY) return { items, start, end: i + 1 };
    if (d !== COMMA) return null;
    i = skipSpace(text, i + 1);
  }
}
