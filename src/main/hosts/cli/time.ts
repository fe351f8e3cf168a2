import { systemTimeZone } from '../../../shared/domain/time';

const made = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as this computer's wall clock, written as a reader of the command line's language
 * writes it (tr: 29.11.2026 11:46:39, en: 29/11/2026, 11:46:39). For people only: `--json` keeps
 * the ISO instant. Formatters are made on first use, not at import (a `wd` that prints no time makes none).
 */
export function localTime(iso: string, lang: 'tr' | 'en'): string {
  return format(iso, lang, true);
}

/**
 * The day an instant falls on by this computer's clock, written for people (tr: 29.11.2026, en:
 * 29/11/2026; not shared/domain/time's `localDay`, which is a LocalDay `YYYY-MM-DD`): an order
 * placed at 00:30 in Istanbul is on 1 May here, whatever offset the service wrote it with.
 */
export function readableDay(iso: string, lang: 'tr' | 'en'): string {
  return format(iso, lang, false);
}

function format(iso: string, lang: 'tr' | 'en', withTime: boolean): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  const timeZone = systemTimeZone();
  const key = `${lang}|${timeZone}|${withTime}`;
  let f = made.get(key);
  if (!f) {
    const day = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    const time = { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
    f = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { timeZone, ...day, ...(withTime ? time : {}) });
    made.set(key, f);
  }
  return f.format(ms);
}
