import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '../../shared/result';

/**
 * The folded "Technical details" of a failure, for whoever supports the worker (issue 46.12): its
 * error code and reason, the service's answer code and its own words, in the worker's language.
 * The core's own text is technical English: it is shown only when the screens are in English
 * (in Turkish it said "the service refused the write (HTTP 400): …").
 */
export function TechnicalDetails({ error }: { error: AppErrorShape }) {
  const { t, i18n } = useTranslation();
  const p = error.params ?? {};
  const lines: string[] = [];
  const reason = typeof p.reason === 'string' ? p.reason : null;
  lines.push(t('errors:technicalLines.code', { code: reason ? `${error.code} / ${reason}` : error.code }));
  if (typeof p.status === 'number' || typeof p.status === 'string') lines.push(t('errors:technicalLines.status', { status: p.status }));
  if (typeof p.said === 'string' && p.said) lines.push(t('errors:technicalLines.said', { said: p.said }));
  if (i18n.language === 'en' && error.message) lines.push(error.message);
  return (
    <details className="error-detail">
      <summary>{t('errors:technical')}</summary>
      {lines.map((l, i) => (
        <div key={i}>{l}</div>
      ))}
    </details>
  );
}
