import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A package status name from the service, in the worker's language when it is a known one. */
export function StatusName({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('packages');
  return <>{statusName(t, status)}</>;
}

/** StatusName's text with the `t` of the packages namespace a caller already has (a list row: no hook a row). */
export function statusName(t: TFunction<'packages'>, status: string | null | undefined): string {
  return status ? t(`statusNames.${status}`, { defaultValue: status }) : '—';
}
