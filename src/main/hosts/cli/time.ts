import { systemTimeZone } from '../../../shared/domain/time';

const made = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as this computer's wall clock, written as a reader of the command line's language
 * writes it (tr: 29.11.2026 11:46:39, en: 29/11/2026, 11:46:39). For people only: `--json` keeps
 * the ISO instant. The formatter is made on first use (not at import: `wd lookup` never needs it).
 */
export function localTime(iso: string, lang: 'tr' | 'en'): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  const timeZone = systemTimeZone();
  const key = `${lang}|${timeZone}`;
  let f = made.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    made.set(key, f);
  }
  return f.format(ms);
}
