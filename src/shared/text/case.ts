import type { Language } from '../domain/settings';

const locale = (lang: Language) => (lang === 'tr' ? 'tr-TR' : 'en-US');

/** Turkish-aware casing: in Turkish i ↔ İ and ı ↔ I. */
export const upper = (s: string, lang: Language) => s.toLocaleUpperCase(locale(lang));
export const lower = (s: string, lang: Language) => s.toLocaleLowerCase(locale(lang));

const FOLD: Record<string, string> = { ı: 'i', ş: 's', ğ: 'g', ü: 'u', ö: 'o', ç: 'c', â: 'a', î: 'i', û: 'u' };

/** Anything but printable ASCII. */
const NOT_PLAIN = /[^\x20-\x7e]/;

/**
 * Search key: case- and diacritic-insensitive the way a Turkish warehouse types. "İPEK ŞAHİN",
 * "ipek sahin" and "IPEK SAHIN" (typed on a US keyboard) all fold to "ipek sahin".
 */
export function fold(s: string): string {
  // Plain ASCII (most codes, e-mails, many names) needs neither the Turkish locale nor NFKD: in
  // tr-TR "I" lowers to "ı", which folds to "i" again. Same result, several times faster.
  if (!NOT_PLAIN.test(s)) return s.toLowerCase().replace(/\s+/g, ' ').trim();
  // Lower-casing without the locale differs from tr-TR only in I → i (tr: ı, folded to i) and
  // İ → i + U+0307 (tr: i; the dot goes with the other combining marks): same result, and a
  // name that is plain ASCII once its Turkish letters are folded (most are) needs no NFKD.
  const lowered = s.toLowerCase().replace(/[ışğüöçâîû]/g, (c) => FOLD[c] ?? c);
  const plain = NOT_PLAIN.test(lowered) ? lowered.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lowered;
  return plain.replace(/\s+/g, ' ').trim();
}
