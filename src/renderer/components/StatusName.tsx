import { useTranslation } from 'react-i18next';

/** A package status name from the service, in the worker's language when it is a known one. */
export function StatusName({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('packages');
  if (!status) return <>—</>;
  return <>{t(`statusNames.${status}`, { defaultValue: status })}</>;
}
