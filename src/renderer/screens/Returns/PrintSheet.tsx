import { useTranslation } from 'react-i18next';
import type { ReturnDetail } from '../../../shared/domain/returns';
import { formatDateTime } from '../../i18n/format';
import { useApp } from '../../store/app';

/**
 * The inspection sheet for the people who confirm or reject returns in the service. Only visible
 * when printing (Chromium's print, "Save as PDF" for a file); see styles/returns.css.
 */
export function PrintSheet({ detail }: { detail: ReturnDetail }) {
  const { t } = useTranslation(['returns', 'common']);
  // A practice sheet of made-up customers must not pass for a real one on somebody's desk.
  const training = useApp((s) => s.session.training);
  const r = detail.package.record;
  const insp = detail.inspection;
  const lines = insp?.lines ?? detail.expected;
  return (
    <div className="print-sheet" data-testid="print-sheet">
      {training ? <p className="print-training">{t('common:training.banner')}</p> : null}
      <h1>
        {t('sheet.title')} — {detail.package.summary.id}
      </h1>
      <p>{t('sheet.printed', { time: formatDateTime(new Date().toISOString()) })}</p>
      <table className="table">
        <tbody>
          <tr>
            <th scope="row">{t('detail.order')}</th>
            <td>{r.orderNumber}</td>
          </tr>
          <tr>
            <th scope="row">{t('detail.customer')}</th>
            <td>{detail.package.summary.customerName}</td>
          </tr>
          <tr>
            <th scope="row">{t('detail.carrier')}</th>
            <td>{[r.cargoName, r.cargoTrackingNumber].filter(Boolean).join(' · ')}</td>
          </tr>
          <tr>
            <th scope="row">{t('detail.returnDate')}</th>
            <td>{formatDateTime(r.returnDate)}</td>
          </tr>
          <tr>
            <th scope="row">{t('filters.decision')}</th>
            <td>{t(`decision.${detail.decision}`)}</td>
          </tr>
        </tbody>
      </table>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('inspect.item')}</th>
            <th scope="col">{t('detail.reason')}</th>
            <th scope="col">{t('inspect.expected')}</th>
            <th scope="col">{t('inspect.received')}</th>
            <th scope="col">{t('inspect.condition')}</th>
            <th scope="col">{t('inspect.note')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.itemKey} className={l.mismatch ? 'mismatch' : undefined}>
              <td>
                {l.extra ? t('inspect.extra') : l.productName} <br />
                <small>{[l.sku, l.barcode].filter(Boolean).join(' · ')}</small>
              </td>
              <td>{[l.returnReason, l.returnReasonDesc].filter(Boolean).join(' — ')}</td>
              <td>{l.expectedQty}</td>
              <td>{l.receivedQty}</td>
              <td>{l.condition ? t(`inspect.conditions.${l.condition}`) : ''}</td>
              <td>{l.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <strong>{t('inspect.recommendation')}:</strong> {insp?.recommendation ? t(`inspect.${insp.recommendation}`) : '—'}{' '}
        {insp?.reason ? `(${insp.reason})` : ''}
      </p>
      {insp?.note ? <p>{insp.note}</p> : null}
      <p>
        {insp?.inspector
          ? t(insp.state === 'done' ? 'inspect.doneBy' : 'inspect.inProgressBy', {
              user: insp.inspector,
              time: formatDateTime(insp.doneAt ?? insp.startedAt),
            })
          : ''}
      </p>
      <p className="signature">{t('sheet.signature')}: ______________________</p>
    </div>
  );
}
