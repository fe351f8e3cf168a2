/**
 * A JSON object's top-level array cut out as the bytes of each item, and the rest of the object
 * with that array left empty, from the answer's bytes as received (UTF-8).
 *
 * A list page of the service holds up to 500 records of about 6 KB each. Parsing the whole page
 * at once held the core for 25–50 ms; the cache also keeps every record as sent (compressed), and
 * writing the parsed record out again with JSON.stringify cost more than parsing it. Cut here, the
 * envelope is parsed alone and each record on its own, in turns (sync.ts). Cut from the bytes, the
 * page is never one string: a page decoded whole was a string of 1.4–7 MB in V8's large-object
 * space, garbage that only a full collection frees (about 60 MB of such garbage piled up between
 * collections in a sync); a record's text is decoded when it is parsed and dies young.
 *
 * Every character JSON gives a meaning to is ASCII, and no byte of a multi-byte UTF-8 character is,
 * so the bytes are scanned as the text would be. Nothing is accepted that JSON.parse would refuse:
 * every byte is in the envelope (parsed by the caller), in an item (parsed by the caller), or is
 * white space, a comma or a bracket of the array, checked here. Returns null, and the caller parses
 * the whole text, when the top level is not an object, `key` is missing, not an array, appears twice
 * (JSON.parse keeps the last one), is written with escapes, or the array's separators are not JSON's.
 */
export interface CutArray {
  /** Each item's bytes, as sent (views on the page's bytes). */
  items: Uint8Array[];
  /** The text with the array replaced by `[]`. */
  envelope: string;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
/** An item's text (or any part of the page's bytes). */
export const textOf = (bytes: Uint8Array): string => utf8.decode(bytes);

export function cutTopLevelArray(bytes: Uint8Array, key: string): CutArray | null {
  const keyBytes = new TextEncoder().encode(key);
  let i = skipSpace(bytes, 0);
  if (bytes[i] !== OPEN_OBJECT) return null;
  i = skipSpace(bytes, i + 1);
  let found: { items: Uint8Array[]; start: number; end: number } | null = null;
  let seen = false;
  while (i < bytes.length && bytes[i] !== CLOSE_OBJECT) {
    if (bytes[i] !== QUOTE) return null;
    const keyEnd = stringEnd(bytes, i);
    // A key written with escapes never equals `key` as written here; JSON.parse would still read
    // it as `key`, so such a key makes the answer unknown.
    const isKey = sameBytes(bytes, i + 1, keyEnd - 1, keyBytes);
    if (!isKey && bytes.subarray(i + 1, keyEnd - 1).includes(BACKSLASH)) return null;
    i = skipSpace(bytes, keyEnd);
    if (bytes[i] !== COLON) return null;
    i = skipSpace(bytes, i + 1);
    if (isKey) {
      if (seen) return null;
      seen = true;
      found = bytes[i] === OPEN_ARRAY ? arrayItems(bytes, i) : null;
      if (found === null) return null;
      i = found.end;
    } else {
      i = valueEnd(bytes, i);
    }
    i = skipSpace(bytes, i);
    if (bytes[i] === COMMA) i = skipSpace(bytes, i + 1);
  }
  if (found === null) return null;
  return { items: found.items, envelope: `${textOf(bytes.subarray(0, found.start))}[]${textOf(bytes.subarray(found.end))}` };
}

function sameBytes(bytes: Uint8Array, start: number, end: number, other: Uint8Array): boolean {
  if (end - start !== other.length) return false;
  for (let k = 0; k < other.length; k++) if (bytes[start + k] !== other[k]) return false;
  return true;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

function skipSpace(bytes: Uint8Array, i: number): number {
  for (;;) {
    const c = bytes[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else return i;
  }
}

/** Index just after the closing quote of the string that opens at `i`. */
function stringEnd(bytes: Uint8Array, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = bytes.indexOf(QUOTE, from);
    if (q < 0) return bytes.length;
    let k = q - 1;
    while (bytes[k] === BACKSLASH) k--;
    // An even number of backslashes before the quote: it is not escaped.
    if ((q - 1 - k) % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/** Index just after the value that starts at `i`. */
function valueEnd(bytes: Uint8Array, i: number): number {
  const c = bytes[i];
  if (c === QUOTE) return stringEnd(bytes, i);
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
    // Strings are skipped in this loop itself (a backslash skips the byte after it), not with
    // stringEnd: a record holds a few hundred short strings, and a call to indexOf for each made
    // cutting a page about half as slow again (20 against 13 µs a record of the sandbox's).
    let depth = 0;
    const n = bytes.length;
    for (let j = i; j < n; j++) {
      const d = bytes[j];
      if (d === QUOTE) {
        for (j++; j < n; j++) {
          const e = bytes[j];
          if (e === BACKSLASH) j++;
          else if (e === QUOTE) break;
        }
      } else if (d === OPEN_OBJECT || d === OPEN_ARRAY) depth++;
      else if (d === CLOSE_OBJECT || d === CLOSE_ARRAY) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return n;
  }
  // A number, true, false or null: up to the next delimiter.
  let j = i;
  for (;;) {
    const d = bytes[j];
    if (d === undefined || d === COMMA || d === CLOSE_OBJECT || d === CLOSE_ARRAY || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09)
      return j;
    j++;
  }
}

/** The items of the array that opens at `start`, strictly separated; null if they are not. */
function arrayItems(bytes: Uint8Array, start: number): { items: Uint8Array[]; start: number; end: number } | null {
  const items: Uint8Array[] = [];
  let i = skipSpace(bytes, start + 1);
  if (bytes[i] === CLOSE_ARRAY) return { items, start, end: i + 1 };
  for (;;) {
    const c = bytes[i];
    if (c === undefined || c === COMMA || c === CLOSE_ARRAY || c === CLOSE_OBJECT || c === COLON) return null;
    const end = valueEnd(bytes, i);
    items.push(bytes.subarray(i, end));
    i = skipSpace(bytes, end);
    const d = bytes[i];
    if (d === CLOSE_ARRAY) return { items, start, end: i + 1 };
    if (d !== COMMA) return null;
    i = skipSpace(bytes, i + 1);
  }
}
