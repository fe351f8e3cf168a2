/**
 * Imports larger than this are refused before they are read, by the Products screen and by
 * `wd products save` alike (a product list is a few MB at most; a 210 MB CSV took 4.3 GB in Node).
 */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** Records one import may hold (a file of ten million `1`s is refused, not checked record by record). */
export const MAX_IMPORT_RECORDS = 50_000;

/** Problems listed per import; the rest are counted ("and N more"). */
export const MAX_IMPORT_PROBLEMS = 1_000;

/**
 * The text of a file a worker imports, from its bytes (the screen and the CLI both read files as
 * bytes and call this; reading a file "as text" would turn Windows-1254 letters into �).
 * UTF-8 (with or without BOM) and UTF-16 (BOM, or the zero bytes of ASCII text) are read as they
 * are. Anything else that decodes as Windows-1254 (Excel's "CSV" on a Turkish Windows) is only
 * read once a person has seen the Turkish letters as they would come out; binary data is refused.
 */
export type FileText =
  | { kind: 'text'; encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; text: string }
  | {
      kind: 'confirm';
      encoding: 'windows-1254';
      text: string;
      /** Lines with Turkish letters (as decoded), so a person can see whether they are right. */
      preview: string[];
    }
  | { kind: 'refused'; reason: 'binary' };

const TURKISH = /[çğıöşüÇĞİÖŞÜ]/;
/** Control characters no text file holds (tab, line breaks and form feed are fine). */
// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const BINARY = /[\u0000-\u0008\u000e-\u001f\u007f]/;

function utf16Guess(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  let evenZero = 0;
  let oddZero = 0;
  const n = Math.min(bytes.length, 4096);
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero += 1;
    if (bytes[i + 1] === 0) oddZero += 1;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.4 && evenZero < pairs * 0.05) return 'utf-16le';
  if (evenZero > pairs * 0.4 && oddZero < pairs * 0.05) return 'utf-16be';
  return null;
}

const decode = (encoding: string, bytes: Uint8Array, fatal: boolean) =>
  new TextDecoder(encoding, { fatal, ignoreBOM: false }).decode(bytes);

export function decodeFileBytes(bytes: Uint8Array): FileText {
  const b0 = bytes[0];
  const b1 = bytes[1];
  try {
    if (b0 === 0xff && b1 === 0xfe) return { kind: 'text', encoding: 'utf-16le', text: decode('utf-16le', bytes, true) };
    if (b0 === 0xfe && b1 === 0xff) return { kind: 'text', encoding: 'utf-16be', text: decode('utf-16be', bytes, true) };
    const guess = utf16Guess(bytes);
    if (guess) return { kind: 'text', encoding: guess, text: decode(guess, bytes, true) };
  } catch {
    // not valid UTF-16 after all: try the others
  }
  try {
    const text = decode('utf-8', bytes, true);
    if (BINARY.test(text)) return { kind: 'refused', reason: 'binary' };
    return { kind: 'text', encoding: 'utf-8', text };
  } catch {
    // not UTF-8
  }
  const text = decode('windows-1254', bytes, false);
  if (BINARY.test(text)) return { kind: 'refused', reason: 'binary' };
  const lines = text.split(/\r\n|\n|\r/);
  const preview = lines.filter((l) => TURKISH.test(l)).slice(0, 5);
  return { kind: 'confirm', encoding: 'windows-1254', text, preview: preview.length ? preview : lines.slice(0, 3) };
}
