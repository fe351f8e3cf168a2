import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '../../shared/result';
import { describeError } from '../i18n/errors';

/**
 * A failure in the user's language; the technical text (the core's message, the service's own
 * words) is folded away under "Technical details" for whoever supports the worker.
 */
export function ErrorText({
  error,
  id,
  quiet = false,
  reasonOnly = false,
}: {
  error: AppErrorShape | null | undefined;
  id?: string;
  /** In a list of past writes: a hint, not an alert the screen reader interrupts with. */
  quiet?: boolean;
  /** Only the reason, when there is one (the card above already says what failed). */
  reasonOnly?: boolean;
}) {
  const { t } = useTranslation();
  if (!error) return null;
  const { title, why } = describeError(t, error);
  return (
    <div className={quiet ? 'hint' : 'error'} role={quiet ? undefined : 'alert'} id={id}>
      {reasonOnly && why ? (
        <strong>{why}</strong>
      ) : (
        <>
          <strong>{title}</strong>
          {why ? <div>{why}</div> : null}
        </>
      )}
      {error.message ? (
        <details className="error-detail">
          <summary>{t('errors:technical')}</summary>
          {error.message}
        </details>
      ) : null}
    </div>
  );
}
