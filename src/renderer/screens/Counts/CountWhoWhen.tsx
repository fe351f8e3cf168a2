import { useTranslation } from 'react-i18next';
import type { CountSession } from '../../../shared/domain/counts';
import type { AppErrorShape } from '../../../shared/result';
import { formatDateTime } from '../../i18n/format';
import { useCounts } from '../../store/counts';

/** Past counts with who counted, on which PC, when they started and ended, what was recounted or moved (issue 18). */
export function CountHistoryTable({ history }: { history: CountSession[] }) {
  const { t } = useTranslation('counts');
  return (
    <table className="table" data-testid="count-history">
      <tbody>
        {history.map((h) => (
          <tr key={h.id}>
            <td>{h.storageCode}</td>
            <td>{t(`history.state.${h.state}`)}</td>
            <td>{t('units', { count: h.totalUnits })}</td>
            <td>{t('linesCount', { count: h.lineCount })}</td>
            <td>{t('history.who', { user: h.userName ?? '—', station: h.station ?? '—' })}</td>
            <td>
              {t('history.started', { time: formatDateTime(h.createdAt) })}
              {h.endedAt ? `, ${t('history.ended', { time: formatDateTime(h.endedAt) })}` : ''}
            </td>
            <td>
              {[
                h.recounted ? t('history.recounted', { count: h.recounted }) : null,
                h.moved ? t('history.moved', { count: h.moved }) : null,
              ]
                .filter(Boolean)
                .join(', ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The count is held by another window of this PC: the worker may take it over here. */
export function TakeOverButton({ error }: { error: AppErrorShape | null }) {
  const { t } = useTranslation('counts');
  const openStorage = useCounts((s) => s.openStorage);
  const code = error?.params?.reason === 'count_open_elsewhere' ? error.params.storageCode : undefined;
  if (typeof code !== 'string') return null;
  return (
    <button type="button" className="btn" onClick={() => void openStorage(code, true)}>
      {t('history.takeOver')}
    </button>
  );
}
