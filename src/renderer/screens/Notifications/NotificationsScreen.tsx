import { memo, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { NotificationSummary } from '../../../shared/domain/notifications';
import type { PackageKind } from '../../../shared/domain/packages';
import { useShallow } from 'zustand/react/shallow';
import { ErrorText } from '../../components/ErrorText';
import { StatusName } from '../../components/StatusName';
import { formatDateTime } from '../../i18n/format';
import { useNotifications, type NotificationFilter } from '../../store/notifications';
import { usePackages } from '../../store/packages';
import { useUi } from '../../store/ui';

/**
 * One row; a memo whose props stay the same while others arrive, so a notification that arrives
 * draws its own row (and takes the oldest one's place), not the whole table again.
 */
const NotificationRow = memo(function NotificationRow({
  item,
  t,
  onOpen,
}: {
  item: NotificationSummary;
  t: TFunction<'notifications'>;
  onOpen: (kind: PackageKind, id: number) => void;
}) {
  return (
    <tr tabIndex={-1}>
      <td>{formatDateTime(item.receivedAt)}</td>
      <td>{t(`hooks.${item.hookName}`, { defaultValue: item.hookName })}</td>
      <td>
        {item.matched ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onOpen(item.matched!.kind, item.matched!.id)}
            aria-label={t('open', { id: item.matched.id })}
          >
            {item.matched.id}
          </button>
        ) : (
          <span>
            {item.packageId} <span className="hint">— {t('unmatched')}</span>
          </span>
        )}
      </td>
      <td>
        <StatusName status={item.statusName} />
      </td>
      <td>{[item.reasonName, item.reasonDesc].filter(Boolean).join(' — ')}</td>
    </tr>
  );
});

/**
 * The package notifications received, newest first, live; a link opens the package. It holds the
 * pages loaded (one, and one more per "Show more"): a notification that arrives takes the oldest
 * row's place, and "Show more" pages on from the last row shown.
 */
export function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  const n = useNotifications(
    useShallow((s) => ({ items: s.items, total: s.total, filter: s.filter, error: s.error, init: s.init, load: s.load })),
  );
  const go = useUi((s) => s.go);
  const openPackage = usePackages((s) => s.open);
  const onOpen = useCallback(
    (kind: PackageKind, id: number) => {
      go('packages');
      void openPackage(kind, id);
    },
    [go, openPackage],
  );
  const { init } = n;
  useEffect(() => init(), [init]);
  const body = useRef<HTMLTableSectionElement>(null);
  /** The last row shown when "Show more" was pressed: the row after it is the first it loaded. */
  const moreAfter = useRef<number | null>(null);
  const moreLeft = n.items.length < n.total;
  // Pressed on the last page, the button goes away: the focus goes on to the rows it loaded (in the
  // same commit, before the focus keeper would send it back to the heading).
  useLayoutEffect(() => {
    if (moreAfter.current === null) return;
    const after = n.items.findIndex((item) => item.id === moreAfter.current);
    if (after === -1 || after === n.items.length - 1) return;
    moreAfter.current = null;
    const from = after + 1;
    if (moreLeft || !(document.activeElement === document.body || document.activeElement === null)) return;
    body.current?.querySelectorAll<HTMLElement>('tr')[from]?.focus();
  }, [n.items, moreLeft]);

  return (
    <main className="screen" aria-labelledby="notifications-title">
      <h1 id="notifications-title" tabIndex={-1} data-focus-home>
        {t('title')}
      </h1>
      <p className="hint">{t('intro')}</p>
      <div className="row">
        <label className="field">
          <span>{t('filter')}</span>
          <select value={n.filter} onChange={(e) => void n.load(e.target.value as NotificationFilter)}>
            {(['all', 'matched', 'unmatched'] as const).map((f) => (
              <option key={f} value={f}>
                {t(`filters.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="result-count" role="status" data-testid="notification-count">
          {t('count', { count: n.total })}
        </p>
      </div>
      <ErrorText error={n.error} />
      {n.items.length === 0 ? (
        <p className="hint">{t('empty')}</p>
      ) : (
        <table className="table" aria-label={t('title')} data-testid="notification-list">
          <thead>
            <tr>
              <th scope="col">{t('columns.time')}</th>
              <th scope="col">{t('columns.event')}</th>
              <th scope="col">{t('columns.package')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('columns.reason')}</th>
            </tr>
          </thead>
          <tbody ref={body}>
            {n.items.map((item) => (
              <NotificationRow key={item.id} item={item} t={t} onOpen={onOpen} />
            ))}
          </tbody>
        </table>
      )}
      {moreLeft ? (
        <button
          type="button"
          className="btn"
          onClick={() => {
            moreAfter.current = n.items.at(-1)?.id ?? null;
            void n.load(n.filter, true);
          }}
        >
          {t('more')}
        </button>
      ) : null}
    </main>
  );
}
