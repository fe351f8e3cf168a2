import { CloseButton } from '../../components/CloseButton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSummary } from '../../../shared/domain/notifications';
import type { PackageDetail } from '../../../shared/domain/packages';
import type { Address } from '../../../shared/service/packages';
import { StatusName } from '../../components/StatusName';
import { TrackingLink } from '../../components/TrackingLink';
import { formatDateTime, formatMoney } from '../../i18n/format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="detail-section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function AddressBlock({ address }: { address: Address | null | undefined }) {
  const { t } = useTranslation('packages');
  if (!address) return <p className="hint">—</p>;
  return (
    <dl>
      <Field label={t('detail.name')}>{address.fullName ?? [address.firstName, address.lastName].filter(Boolean).join(' ')}</Field>
      {/* The section names which address it is (shipping or billing): the line is just the address. */}
      <Field label={t('detail.address')}>
        {[address.fullAddress ?? address.address1, address.neighborhood, address.district, address.city, address.postalCode]
          .filter(Boolean)
          .join(', ')}
      </Field>
      <Field label={t('detail.phone')}>{address.phone}</Field>
      <Field label={t('detail.taxOffice')}>{address.taxOffice}</Field>
      <Field label={t('detail.taxNumber')}>{address.taxNumber}</Field>
    </dl>
  );
}

/** Every section of a package: summary, customer, addresses, cargo, lines with item lines, parcels, history. */
export function PackageDetailView({
  detail,
  onClose,
  extra,
  notifications = [],
}: {
  detail: PackageDetail;
  onClose?: () => void;
  extra?: ReactNode;
  notifications?: NotificationSummary[];
}) {
  const { t } = useTranslation('packages');
  const r = detail.record;
  const s = detail.summary;
  return (
    <article className="package-detail" aria-label={t('detail.title', { id: s.id })}>
      <div className="screen-head">
        <h2>
          {t(`kindOne.${s.kind}`)} {s.orderNumber ?? s.id}
        </h2>
        {onClose ? <CloseButton label={t('detail.close')} onClose={onClose} /> : null}
      </div>
      {isCancelled(s.status) ? (
        <div className="cancelled-banner" role="alert" data-testid="cancelled-banner">
          {t('detail.cancelledBanner')}
        </div>
      ) : null}
      {extra}
      <Section title={t('detail.summary')}>
        <dl>
          <Field label={t('detail.packageId')}>{s.id}</Field>
          <Field label={t('detail.orderNumber')}>{r.orderNumber}</Field>
          <Field label={t('detail.sourcePackageId')}>{r.sourcePackageId}</Field>
          <Field label={t('detail.status')}>
            <StatusName status={r.status} />
          </Field>
          <Field label={t('detail.orderDate')}>{formatDateTime(r.orderDate)}</Field>
          <Field label={t('detail.dueDate')}>{r.dueDate ? formatDateTime(r.dueDate) : null}</Field>
          <Field label={t('detail.lastModified')}>{r.lastModifiedDate ? formatDateTime(r.lastModifiedDate) : null}</Field>
          <Field label={t('detail.channel')}>{[r.channelName, r.channelCode].filter(Boolean).join(' · ')}</Field>
          <Field label={t('detail.totals')}>
            {r.totalProductPrice !== null && r.totalProductPrice !== undefined
              ? formatMoney(r.totalProductPrice, r.lines?.[0]?.currency)
              : null}
          </Field>
          <Field label={t('detail.syncedAt')}>{formatDateTime(detail.syncedAt)}</Field>
        </dl>
      </Section>
      {s.kind === 'return' ? (
        <Section title={t('detail.returnInfo')}>
          <dl>
            <Field label={t('detail.isConfirm')}>
              {t(r.isConfirm === true ? 'detail.confirm.true' : r.isConfirm === false ? 'detail.confirm.false' : 'detail.confirm.null')}
            </Field>
            <Field label={t('detail.reason')}>{r.reason}</Field>
            <Field label={t('detail.returnDate')}>{r.returnDate ? formatDateTime(r.returnDate) : null}</Field>
            <Field label={t('detail.returnLocation')}>{r.returnLocationCode}</Field>
          </dl>
        </Section>
      ) : null}
      <Section title={t('detail.customer')}>
        <dl>
          <Field label={t('detail.name')}>{s.customerName}</Field>
          <Field label={t('detail.email')}>{r.customerEmail}</Field>
          <Field label={t('detail.phone')}>{r.shipmentAddress?.phone}</Field>
          <Field label={t('detail.customerCode')}>{r.customerCode}</Field>
          <Field label={t('detail.taxNumber')}>{r.taxNumber}</Field>
        </dl>
      </Section>
      <div className="detail-columns">
        <Section title={t('detail.shipmentAddress')}>
          <AddressBlock address={r.shipmentAddress} />
        </Section>
        <Section title={t('detail.invoiceAddress')}>
          <AddressBlock address={r.invoiceAddress} />
        </Section>
      </div>
      <Section title={t('detail.cargo')}>
        <dl>
          <Field label={t('detail.cargoName')}>{[r.cargoName, r.cargoCode].filter(Boolean).join(' · ')}</Field>
          <Field label={t('detail.trackingNumber')}>{r.cargoTrackingNumber}</Field>
          <Field label={t('detail.cargoKey')}>{r.cargoKey}</Field>
          <Field label={t('detail.cargoBarcode')}>{r.cargoBarcode}</Field>
        </dl>
        {r.cargoTrackingLink ? (
          <p>
            <TrackingLink url={r.cargoTrackingLink} className="btn btn-small" />
          </p>
        ) : null}
      </Section>
      <Section title={t('detail.lines')}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('detail.product')}</th>
              <th scope="col">{t('detail.sku')}</th>
              <th scope="col">{t('detail.barcode')}</th>
              <th scope="col">{t('detail.quantity')}</th>
              <th scope="col">{t('detail.price')}</th>
            </tr>
          </thead>
          <tbody>
            {(r.lines ?? []).map((line, i) => (
              <LineRows key={line.id ?? i} line={line} />
            ))}
          </tbody>
        </table>
      </Section>
      <Section title={t('detail.parcels')}>
        {(r.parcels ?? []).length === 0 ? (
          <p className="hint">{t('detail.noParcels')}</p>
        ) : (
          <ul className="plain">
            {(r.parcels ?? []).map((p, i) => (
              <li key={i}>
                {t('detail.parcelBarcode')}: {p.parcelBarcode ?? '—'} · {t('detail.trackingNumber')}: {p.trackingCode ?? '—'}
                {p.trackingURL ? (
                  <>
                    {' '}
                    · <TrackingLink url={p.trackingURL} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('detail.history')}>
        {(r.packageHistories ?? []).length === 0 ? (
          <p className="hint">{t('detail.noHistory')}</p>
        ) : (
          <ol className="history">
            {(r.packageHistories ?? []).map((h, i) => (
              <li key={i}>
                <span>{formatDateTime(h.createdDate)}</span> — <StatusName status={h.status} />
              </li>
            ))}
          </ol>
        )}
      </Section>
      {notifications.length > 0 ? <NotificationHistory items={notifications} /> : null}
    </article>
  );
}

function LineRows({ line }: { line: NonNullable<PackageDetail['record']['lines']>[number] }) {
  const { t } = useTranslation('packages');
  return (
    <>
      <tr>
        <td>
          <strong>{line.productName}</strong>
          {line.productSize || line.productColor ? (
            <div className="hint">
              {[
                line.productSize && `${t('detail.size')}: ${line.productSize}`,
                line.productColor && `${t('detail.colour')}: ${line.productColor}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </div>
          ) : null}
        </td>
        <td>{line.sku}</td>
        <td>{line.barcode}</td>
        <td>{line.quantity}</td>
        <td>{formatMoney(line.productPrice, line.currency)}</td>
      </tr>
      {(line.itemLines ?? []).map((it, j) => (
        <tr key={it.id ?? j} className="item-line">
          <td colSpan={5}>
            <span className="hint">
              {t('detail.itemLine')} {it.id}
            </span>{' '}
            · {it.sku} · {it.barcode} · {t('detail.quantity')} {it.quantity}
            {it.isCancel ? <span className="pill pill-bad">{t('detail.cancelled')}</span> : null}
            {it.isReturn ? <span className="pill pill-warn">{t('detail.returned')}</span> : null}
            {it.returnReason ? (
              <div>
                {t('detail.returnReason')}: {it.returnReason}
                {it.returnReasonDesc && it.returnReasonDesc !== '-' ? ` — ${it.returnReasonDesc}` : ''}
              </div>
            ) : null}
            {(it.returnLineAttachments ?? []).length > 0 ? (
              <div>
                {t('detail.attachments')}:{' '}
                {(it.returnLineAttachments ?? [])
                  .map((a) => `${a.fileName ?? ''}${a.extension ? `.${a.extension.replace(/^\./, '')}` : ''}`)
                  .join(', ')}
              </div>
            ) : null}
          </td>
        </tr>
      ))}
    </>
  );
}

function NotificationHistory({ items }: { items: NotificationSummary[] }) {
  const { t } = useTranslation('notifications');
  return (
    <Section title={t('forPackage')}>
      <ol className="history" data-testid="package-notifications">
        {items.map((n) => (
          <li key={n.id}>
            <span>{formatDateTime(n.receivedAt)}</span> — {t(`hooks.${n.hookName}`, { defaultValue: n.hookName })}:{' '}
            <StatusName status={n.statusName} />
            {n.reasonName ? ` (${[n.reasonName, n.reasonDesc].filter(Boolean).join(' — ')})` : ''}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** A package the service marks cancelled must not leave the warehouse. */
export const isCancelled = (status: string | null | undefined) => status === 'Cancelled';
