import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '../../shared/result';

/** A failure in the user's language, with the technical detail (service text) underneath. */
export function ErrorText({ error, id }: { error: AppErrorShape | null | undefined; id?: string }) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  return (
    <div className="error" role="alert" id={id}>
      <strong>{t(error.code)}</strong>
      {error.message ? <div className="error-detail">{error.message}</div> : null}
    </div>
  );
}
