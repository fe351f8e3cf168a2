import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '../../shared/result';
import { describeError } from '../i18n/errors';
import { TechnicalDetails } from './TechnicalDetails';

/**
 * A failure in the user's language; the technical facts (error code, answer code, the service's
 * own words; the core's message in English only) are folded away under "Technical details"
 * (TechnicalDetails) for whoever supports the worker.
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
      <TechnicalDetails error={error} />
    </div>
  );
}
