import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalDay } from '../../shared/domain/time';

/** ISO date (YYYY-MM-DD) → what a person in this language writes (31.12.2026 or 31/12/2026). */
export function formatDateInput(iso: string | null, lang: string): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!m) return '';
  return lang === 'tr' ? `${m[3]}.${m[2]}.${m[1]}` : `${m[3]}/${m[2]}/${m[1]}`;
}

/**
 * Day first in both languages; any of . / - between the parts; a two-digit year is 20xx.
 * Returns the ISO date (a real day: the one producer of a LocalDay from what a person types), null
 * for an empty text, or the string 'invalid'.
 */
export function parseDateInput(text: string): LocalDay | null | 'invalid' {
  const s = text.trim();
  if (s === '') return null;
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(s);
  if (!m) return 'invalid';
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3]!.length === 2 ? `20${m[3]}` : m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return 'invalid';
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}` as LocalDay;
}

/**
 * A date field in the chosen language. The browser's own date input follows the operating
 * system's locale (a Turkish worker would see mm/dd/yyyy), so this is a text field that reads and
 * writes day-first dates and hands ISO dates to the store.
 */
export function DateInput({ value, onChange }: { value: LocalDay | null; onChange: (day: LocalDay | null) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? formatDateInput(value, lang);
  const parsed = text === null ? null : parseDateInput(text);
  const commit = () => {
    if (text === null) return;
    const p = parseDateInput(text);
    if (p === 'invalid') return;
    setText(null);
    if (p !== value) onChange(p);
  };
  return (
    <>
      <input
        inputMode="numeric"
        value={shown}
        placeholder={t('dateFormat')}
        maxLength={10}
        aria-invalid={parsed === 'invalid' ? true : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      {parsed === 'invalid' ? <small className="field-problem">{t('dateInvalid', { format: t('dateFormat') })}</small> : null}
    </>
  );
}
