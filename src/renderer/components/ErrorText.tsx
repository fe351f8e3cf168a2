import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '../../shared/result';

/** A failure in the user's language, with the technical detail (service text) underneath. */
export function ErrorText({ error, id }: { error: AppErrorShape | null | undefined; id?: string }) {
  const { t, i18n } = useTranslation('errors');
  if (!error) return null;
  // A refusal with a known reason says exactly what happened (errors.reasons.*).
  const reason = typeof error.params?.reason === 'string' ? `reasons.${error.params.reason}` : null;
  const headline = reason && i18n.exists(`errors:${reason}`) ? t(reason, { ...error.params }) : t(error.code);
  return (
    <div className="error" role="alert" id={id}>
      <strong>{headline}</strong>
      {error.message ? <div className="error-detail">{error.message}</div> : null}
    </div>
  );
}
