import type { TFunction } from 'i18next';
import type { AppErrorShape } from '../../shared/result';
import { formatDateTime } from './format';

const isoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

const KNOWN_STATUS = ['400', '401', '403', '404', '409', '413', '429'] as const;
const isKnownStatus = (s: string): s is (typeof KNOWN_STATUS)[number] => (KNOWN_STATUS as readonly string[]).includes(s);

/**
 * An error in the worker's words: what happened (by code), why (network cause or the service's
 * answer code, when known). The core's own message is technical English and only goes under
 * "Technical details".
 */
export function describeError(t: TFunction, error: AppErrorShape): { title: string; why: string | null } {
  const title = t(`errors:${error.code}`, { defaultValue: t('errors:internal') });
  // Times in the worker's language (a stale write's "sent on …"), never as ISO text.
  const p = Object.fromEntries(
    Object.entries(error.params ?? {}).map(([k, v]) => [k, typeof v === 'string' && isoTime.test(v) ? formatDateTime(v) : v]),
  );
  // A refusal with a known reason says exactly what happened (errors.reasons.*, issue 18; a
  // damaged workspace: errors.workspace.*). Every reason the core gives has a sentence there.
  if (typeof p.reason === 'string') {
    const why =
      t(`errors:reasons.${p.reason}`, { ...p, defaultValue: '' }) || t(`errors:workspace.${p.reason}`, { ...p, defaultValue: '' });
    if (why) return { title, why };
  }
  if (error.code === 'network' && typeof p.cause === 'string') {
    const why = t(`errors:cause.${p.cause}`, { defaultValue: '' });
    return { title, why: why || null };
  }
  // A garbled answer is not a refusal, whatever its status (a 200 the app cannot read).
  if ((typeof p.status === 'number' || typeof p.status === 'string') && error.code !== 'bad_response') {
    const status = String(p.status);
    const key = isKnownStatus(status) ? status : status.startsWith('5') ? '5xx' : null;
    const base = key ? t(`errors:http.${key}`) : t('errors:http.refused', { status });
    // The service's own words (a refused write: which SKU or storage code) are the only thing that
    // says what is wrong: shown, in the worker's language around them, never only under details.
    const said = typeof p.said === 'string' && p.said.trim() ? p.said.trim() : null;
    return { title, why: said ? t('errors:http.said', { base, said }) : base };
  }
  // The outbox's own reasons (blocked behind a refused write, answer not yet recorded).
  if (typeof p.reason === 'string') {
    const why = t(`errors:outbox.${p.reason}`, { ...p, defaultValue: '' });
    if (why) return { title, why };
  }
  return { title, why: null };
}
