import { useTranslation } from 'react-i18next';
import type { CountSession } from '../../../shared/domain/counts';
import type { AppErrorShape } from '../../../shared/result';
import { formatDateTime } from '../../i18n/format';
import { useCounts, type WriteState } from '../../store/counts';

const writeTone = { waiting: 'pill-warn', sent: 'pill-ok', refused: 'pill-bad', cancelled: '' } as const;

/**
 * Past counts with who counted, on which PC, when they started and ended, what was recounted or
 * moved (issue 18). With
 * `writes`, a sent count shows where its write really is (waiting / sent / refused, from the
 * outbox); with `onOpen`, each open or sent count can be opened.
 */
export function CountHistoryTable({
  history,
  writes,
  onOpen,
}: {
  history: CountSession[];
  writes?: Record<number, WriteState>;
  onOpen?: (session: CountSession) => void;
}) {
  const { t } = useTranslation('counts');
  return (
    <table className="table" data-testid="count-history">
      <tbody>
        {history.map((h) => (
          <tr key={h.id} data-session={h.id}>
            {/* A code is read whole: never broken at its hyphen (A- / 01) however narrow the table. */}
            <td className="count-history-code" data-code-line="">
              {h.storageCode}
            </td>
            <td data-testid="count-state">
              {h.state === 'pushed' && writes?.[h.id] ? (
                <span className={`pill ${writeTone[writes[h.id]!]}`}>{t(`history.write.${writes[h.id]!}`)}</span>
              ) : (
                t(`history.state.${h.state}`)
              )}
            </td>
            {/* A sent count: the units it sent (a recount chosen, stock that moved), not the first count. */}
            <td>{t('units', { count: h.sentUnits ?? h.totalUnits })}</td>
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
            {onOpen ? (
              <td>
                {h.state !== 'discarded' ? (
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-label={t('history.openOf', { time: formatDateTime(h.createdAt) })}
                    onClick={() => onOpen(h)}
                  >
                    {t('history.open')}
                  </button>
                ) : null}
              </td>
            ) : null}
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
