import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Condition, InspectionLine, ReturnDetail } from '../../../shared/domain/returns';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { formatDateTime } from '../../i18n/format';
import { useReturns } from '../../store/returns';

const CONDITIONS: Condition[] = ['as_described', 'damaged', 'wrong_item', 'missing'];

function LineEditor({
  line,
  disabled,
  onChange,
  scanned,
}: {
  line: InspectionLine;
  disabled: boolean;
  onChange: (l: InspectionLine) => void;
  /** Rises with every scan that counted this line (0: none yet): the line is brought into view. */
  scanned: number;
}) {
  const { t } = useTranslation('returns');
  const name = line.productName ?? line.sku ?? line.barcode ?? line.itemKey;
  const [note, setNote] = useState(line.note ?? '');
  const row = useRef<HTMLTableRowElement>(null);
  // A scan counted here: the worker sees the line (above the sticky Complete-inspection bar, whose
  // height the row's scroll margin keeps free), wherever the detail was scrolled.
  useEffect(() => {
    if (scanned > 0) row.current?.scrollIntoView({ block: 'nearest' });
  }, [scanned]);
  const classes = [line.mismatch ? 'mismatch' : '', scanned > 0 ? 'just-scanned' : ''].filter(Boolean).join(' ');
  return (
    <tr
      ref={row}
      className={classes || undefined}
      data-testid="inspection-line"
      data-mismatch={line.mismatch}
      data-scanned={scanned > 0 || undefined}
    >
      <td>
        {/* A wrong item: the product's name when the catalogue knows it, and that it is not in this return. */}
        {line.extra ? <div className="inspection-extra">{t('inspect.extra')}</div> : null}
        <strong>{line.extra && !line.productName ? t('inspect.wrongItemUnknown') : name}</strong>
        <div className="hint line-codes">
          {[line.sku, line.barcode].filter(Boolean).map((code, i) => (
            <span key={i} data-code-line="">
              {code}
            </span>
          ))}
        </div>
        {line.returnReason ? (
          <div>
            {t('detail.reason')}: {line.returnReason}
            {line.returnReasonDesc ? ` — ${line.returnReasonDesc}` : ''}
          </div>
        ) : null}
        {line.mismatch ? <span className="pill pill-bad">{t('inspect.mismatch')}</span> : null}
      </td>
      <td className="num">{line.expectedQty}</td>
      <td>
        <div className="qty-stepper">
          {/* At nought it says it cannot go lower (aria-disabled) but stays focusable: disabled
              under the focus, it would drop the focus of a worker pressing it from the keyboard. */}
          <button
            type="button"
            className="btn btn-small"
            disabled={disabled}
            aria-disabled={line.receivedQty === 0}
            onClick={() => line.receivedQty > 0 && onChange({ ...line, receivedQty: line.receivedQty - 1 })}
            aria-label={t('inspect.minus', { item: name })}
          >
            −
          </button>
          <input
            className="qty-input"
            inputMode="numeric"
            aria-label={t('inspect.receivedOf', { item: name })}
            value={line.receivedQty}
            disabled={disabled}
            onChange={(e) => {
              const n = Number(e.target.value.replace(/\D/g, '') || '0');
              if (n <= 10_000) onChange({ ...line, receivedQty: n });
            }}
          />
          <button
            type="button"
            className="btn btn-small"
            disabled={disabled}
            onClick={() => onChange({ ...line, receivedQty: line.receivedQty + 1 })}
            aria-label={t('inspect.plus', { item: name })}
          >
            +
          </button>
        </div>
      </td>
      <td>
        <select
          aria-label={t('inspect.conditionOf', { item: name })}
          value={line.condition ?? ''}
          disabled={disabled}
          onChange={(e) => onChange({ ...line, condition: (e.target.value || null) as Condition | null })}
        >
          <option value="">{t('inspect.chooseCondition')}</option>
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {t(`inspect.conditions.${c}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input
          aria-label={t('inspect.lineNote', { item: name })}
          value={note}
          disabled={disabled}
          maxLength={1000}
          onChange={(e) => setNote(e.target.value)}
          onBlur={() => note !== (line.note ?? '') && onChange({ ...line, note: note || null })}
        />
      </td>
    </tr>
  );
}

/** What actually came back, per item line, and the desk's recommendation. Saved as it is edited. */
export function InspectionEditor({ detail }: { detail: ReturnDetail }) {
  const { t } = useTranslation('returns');
  const save = useReturns((s) => s.save);
  const done = useReturns((s) => s.done);
  const reopen = useReturns((s) => s.reopen);
  const conflictPatch = useReturns((s) => s.conflictPatch);
  const scannedItem = useReturns((s) => s.scannedItem);
  const reloadKeeping = useReturns((s) => s.reloadKeeping);
  const insp = detail.inspection;
  const lines = insp?.lines ?? detail.expected;
  const isDone = insp?.state === 'done';
  const [reason, setReason] = useState(insp?.reason ?? '');
  const [note, setNote] = useState(insp?.note ?? '');
  const [error, setError] = useState<AppErrorShape | null>(null);
  const run = async (p: Promise<{ ok: boolean; error?: AppErrorShape }>) => {
    const r = await p;
    setError(r.ok ? null : (r.error ?? null));
  };
  const saveLine = (l: InspectionLine) =>
    void run(save({ lines: [{ itemKey: l.itemKey, receivedQty: l.receivedQty, condition: l.condition, note: l.note }] }));

  return (
    <section className="detail-section inspection" aria-label={t('inspect.title')}>
      <h3>{t('inspect.title')}</h3>
      {!isDone ? <p className="hint">{t('inspect.start')}</p> : null}
      {insp && insp.mismatches > 0 ? (
        <p className="error" data-testid="mismatch-summary">
          {t('inspect.mismatches', { count: insp.mismatches })}
        </p>
      ) : null}
      <table className="table inspection-table">
        <thead>
          <tr>
            <th scope="col">{t('inspect.item')}</th>
            <th scope="col">{t('inspect.expected')}</th>
            <th scope="col">{t('inspect.received')}</th>
            <th scope="col">{t('inspect.condition')}</th>
            <th scope="col">{t('inspect.note')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <LineEditor
              key={l.itemKey}
              line={l}
              disabled={isDone}
              onChange={saveLine}
              scanned={scannedItem?.itemKey === l.itemKey ? scannedItem.n : 0}
            />
          ))}
        </tbody>
      </table>
      <fieldset className="recommendation" disabled={isDone}>
        <legend>{t('inspect.recommendation')}</legend>
        <label className="check">
          <input
            type="radio"
            name="recommendation"
            checked={insp?.recommendation === 'accept'}
            onChange={() => void run(save({ recommendation: 'accept' }))}
          />
          <span>{t('inspect.accept')}</span>
        </label>
        <label className="check">
          <input
            type="radio"
            name="recommendation"
            checked={insp?.recommendation === 'reject'}
            onChange={() => void run(save({ recommendation: 'reject' }))}
          />
          <span>{t('inspect.reject')}</span>
        </label>
        {insp?.recommendation === 'reject' ? (
          <label className="field">
            <span>{t('inspect.rejectReason')}</span>
            <input
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => void run(save({ reason: reason || null }))}
            />
          </label>
        ) : null}
        <label className="field">
          <span>{t('inspect.packageNote')}</span>
          <textarea
            value={note}
            maxLength={2000}
            rows={2}
            onChange={(e) => setNote(e.target.value)}
            onBlur={() => void run(save({ note: note || null }))}
          />
        </label>
      </fieldset>
      <ErrorText error={error} />
      {error?.code === 'conflict' && conflictPatch ? (
        <button type="button" className="btn" onClick={() => void run(reloadKeeping())}>
          {t('inspect.reloadKeeping')}
        </button>
      ) : null}
      {insp ? (
        <p className="hint">
          {isDone
            ? t('inspect.doneBy', { user: insp.inspector ?? '?', time: formatDateTime(insp.doneAt) })
            : t('inspect.inProgressBy', { user: insp.inspector ?? '?', time: formatDateTime(insp.startedAt) })}
        </p>
      ) : null}
      <div className="row sticky-actions">
        {isDone ? (
          <button type="button" className="btn" onClick={() => void run(reopen())}>
            {t('inspect.reopen')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            data-primary
            disabled={!insp?.recommendation}
            aria-describedby={!insp?.recommendation ? 'inspection-done-why' : undefined}
            onClick={() => void run(done())}
          >
            {t('inspect.done')}
          </button>
        )}
        {!isDone && !insp?.recommendation ? (
          <span className="hint" id="inspection-done-why">
            {t('inspect.doneWhy')}
          </span>
        ) : null}
      </div>
    </section>
  );
}
