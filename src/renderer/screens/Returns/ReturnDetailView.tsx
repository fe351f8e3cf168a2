import { CloseButton } from '../../components/CloseButton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReturnDetail } from '../../../shared/domain/returns';
import { StatusName } from '../../components/StatusName';
import { TrackingLink } from '../../components/TrackingLink';
import { formatDateTime } from '../../i18n/format';
import { useReturns } from '../../store/returns';
import { Attachments } from './Attachments';
import { InspectionEditor } from './InspectionEditor';
import { PrintSheet } from './PrintSheet';

export function ReturnDetailView({ detail }: { detail: ReturnDetail }) {
  const { t } = useTranslation(['returns', 'packages']);
  const close = useReturns((s) => s.close);
  const ack = useReturns((s) => s.ack);
  const [printing, setPrinting] = useState(false);
  const r = detail.package.record;
  const s = detail.package.summary;
  const reasons = [
    ...new Set(
      (r.lines ?? [])
        .flatMap((l) =>
          (l.itemLines ?? []).map((i) =>
            [i.returnReason, i.returnReasonDesc !== '-' ? i.returnReasonDesc : null].filter(Boolean).join(' — '),
          ),
        )
        .filter(Boolean),
    ),
  ];

  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  return (
    <article className="package-detail return-detail" aria-label={t('detail.title', { id: s.id })}>
      <div className="screen-head">
        <h2>
          {t('detail.title', { id: s.id })} <span className={`pill decision-${detail.decision}`}>{t(`decision.${detail.decision}`)}</span>
        </h2>
        <div className="row">
          <button type="button" className="btn btn-small" onClick={() => setPrinting(true)}>
            {t('inspect.print')}
          </button>
          <CloseButton label={t('detail.close')} onClose={close} />
        </div>
      </div>
      {detail.conflict ? (
        <div className="conflict" role="alert" data-testid="return-conflict">
          <strong>{t('conflict.title')}</strong>
          <p>
            {t('conflict.text', {
              from: detail.conflict.from ? t(`packages:statusNames.${detail.conflict.from}`, { defaultValue: detail.conflict.from }) : '—',
              to: detail.conflict.to ? t(`packages:statusNames.${detail.conflict.to}`, { defaultValue: detail.conflict.to }) : '—',
            })}
          </p>
          <button type="button" className="btn" onClick={() => void ack()}>
            {t('conflict.ack')}
          </button>
        </div>
      ) : null}
      <section className="detail-section" aria-label={t('detail.customer')}>
        <dl>
          <div className="field-row">
            <dt>{t('detail.customer')}</dt>
            <dd>
              {s.customerName} {r.customerEmail ? `· ${r.customerEmail}` : ''}{' '}
              {r.shipmentAddress?.phone ? `· ${r.shipmentAddress.phone}` : ''}
            </dd>
          </div>
          <div className="field-row">
            <dt>{t('detail.order')}</dt>
            <dd>{r.orderNumber}</dd>
          </div>
          <div className="field-row">
            <dt>{t('detail.carrier')}</dt>
            <dd>
              {[r.cargoName, r.cargoTrackingNumber, r.cargoKey].filter(Boolean).join(' · ')} <TrackingLink url={r.cargoTrackingLink} />
            </dd>
          </div>
          <div className="field-row">
            <dt>{t('detail.returnDate')}</dt>
            <dd>{formatDateTime(r.returnDate)}</dd>
          </div>
          <div className="field-row">
            <dt>{t('detail.location')}</dt>
            <dd>{r.returnLocationCode ?? '—'}</dd>
          </div>
          <div className="field-row">
            <dt>{t('detail.reason')}</dt>
            <dd>{[...(r.reason && !reasons.some((x) => x.startsWith(r.reason!)) ? [r.reason] : []), ...reasons].join(' · ') || '—'}</dd>
          </div>
          <div className="field-row">
            <dt>{t('packages:detail.status')}</dt>
            <dd>
              <StatusName status={r.status} />
            </dd>
          </div>
        </dl>
      </section>
      <InspectionEditor key={s.id} detail={detail} />
      <Attachments record={r} />
      <section className="detail-section" aria-label={t('detail.history')}>
        <h3>{t('detail.history')}</h3>
        <ol className="history">
          {(r.packageHistories ?? []).map((h, i) => (
            <li key={i}>
              {formatDateTime(h.createdDate)} — <StatusName status={h.status} />
            </li>
          ))}
        </ol>
      </section>
      {detail.notifications.length > 0 ? (
        <section className="detail-section" aria-label={t('detail.notifications')}>
          <h3>{t('detail.notifications')}</h3>
          <ol className="history" data-testid="return-notifications">
            {detail.notifications.map((n) => (
              <li key={n.id}>
                {formatDateTime(n.receivedAt)} — {t(`notifications:hooks.${n.hookName}`, { defaultValue: n.hookName })}:{' '}
                <StatusName status={n.statusName} />
                {n.reasonName ? ` (${[n.reasonName, n.reasonDesc].filter(Boolean).join(' — ')})` : ''}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {printing ? <PrintSheet detail={detail} /> : null}
    </article>
  );
}
