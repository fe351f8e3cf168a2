import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '../../../shared/result';
import { describeError } from '../../i18n/errors';
import { useOutbox } from '../../store/outbox';
import { useUi } from '../../store/ui';
import { AdminArea } from '../Settings/AdminArea';

/**
 * Why a write waits or was refused, in the row (the service's own words when it gave some: which
 * SKU or storage code): two lines at most, the whole text in its title and in the opened write.
 */
export function RowRefusal({ error }: { error: AppErrorShape }) {
  const { t } = useTranslation();
  const { title, why } = describeError(t, error);
  // The state beside it already says "refused": the row gives the room to the service's words.
  const said = typeof error.params?.said === 'string' ? error.params.said.trim() : '';
  const text = said ? t('outbox:row.said', { said }) : (why ?? title);
  return (
    <div className="hint outbox-row-error" data-testid="outbox-row-error" title={text}>
      {text}
    </div>
  );
}

/**
 * Writes made for the connection's previous address or company: held until an administrator sends
 * them to the new address or cancels them (the core refuses the choice from a locked window).
 */
export function MovedWrites({ count }: { count: number }) {
  const { t } = useTranslation('outbox');
  const resolveMoved = useOutbox((s) => s.resolveMoved);
  const toast = useUi((u) => u.toast);
  if (count === 0) return null;
  const choose = (action: 'send' | 'cancel') =>
    void resolveMoved(action).then(
      (n) => n !== null && toast('info', { key: action === 'send' ? 'outbox:moved.sent' : 'outbox:moved.cancelled', params: { count: n } }),
    );
  return (
    <section className="card" aria-labelledby="outbox-moved-title" data-testid="outbox-moved">
      <h2 id="outbox-moved-title">{t('moved.title')}</h2>
      <p>{t('moved.text', { count })}</p>
      <AdminArea>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => choose('send')}>
            {t('moved.send')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => choose('cancel')}>
            {t('moved.cancel')}
          </button>
        </div>
      </AdminArea>
    </section>
  );
}
