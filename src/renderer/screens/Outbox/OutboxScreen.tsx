import { CloseButton } from '../../components/CloseButton';
import { useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CsvStyle } from '../../../shared/csv/words';
import { describeError } from '../../i18n/errors';
import { useShallow } from 'zustand/react/shallow';
import type { OutboxItem } from '../../../shared/domain/outbox';
import { Dialog } from '../../components/Dialog';
import { ErrorText } from '../../components/ErrorText';
import { downloadText } from '../../download';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { localDay, systemTimeZone } from '../../../shared/domain/time';
import { canCancel, canRetry, outboxCsv, summaryParams, useOutbox, type OutboxCsvWords, type OutboxFilter } from '../../store/outbox';
import { useApp } from '../../store/app';
import { useUi } from '../../store/ui';
import { MovedWrites, RowRefusal } from './OutboxNotes';

/** What a write is, in a worker's words: "Stock count — A-01-01: 12 products, 40 units". */
export function useDescribe() {
  const { t } = useTranslation('outbox');
  return useMemo(() => describeWrite(t), [t]);
}

/** useDescribe's words for a `t` of the outbox namespace (the list, the detail and the CSV). */
export function describeWrite(t: TFunction<'outbox'>) {
  return {
    kind: (i: OutboxItem) => (i.kind === 'inventory' || i.kind === 'products' ? t(`kind.${i.kind}`) : t('kind.other', { kind: i.kind })),
    summary: (i: OutboxItem) => {
      const p = summaryParams(i);
      const main = i.kind === 'inventory' || i.kind === 'products' ? t(`summary.${i.kind}`, p) : JSON.stringify(i.summary);
      const batches = Number(p.batches ?? 1);
      return batches > 1 ? `${main} (${t('summary.batch', p)})` : main;
    },
    group: (i: OutboxItem) => {
      if (i.groupKey.startsWith('inventory:')) return t('group.inventory', { code: i.groupKey.slice('inventory:'.length) });
      if (i.groupKey === 'products') return t('group.products');
      return i.groupKey;
    },
    state: (i: OutboxItem) => t(`state.${i.state}`, { defaultValue: i.state }),
  };
}

/** The Outbox's CSV words: in the worker's language, or the codes when the setting asks for them. */
export function outboxCsvWords(t: TFunction<'outbox'>, tErrors: TFunction, style: CsvStyle): OutboxCsvWords {
  return {
    style,
    ...describeWrite(t),
    problem: (e) => {
      const { title, why } = describeError(tErrors, e);
      return why ? `${title} ${why}` : title;
    },
  };
}

const stateClass: Record<string, string> = {
  pending: 'pill-warn',
  sending: 'pill-warn',
  sent: 'pill-ok',
  failed: 'pill-bad',
  cancelled: '',
};

/** Every write waiting for, sent to or refused by the service: read it, send it again, cancel it, export the list. */
/** A group's name with its storage code kept whole (never broken over two lines). */
function GroupText({ text, code }: { text: string; code: string | null }) {
  const at = code ? text.indexOf(code) : -1;
  if (!code || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span data-code-line="" className="group-code" title={code}>
        {code}
      </span>
      {text.slice(at + code.length)}
    </>
  );
}

export function OutboxScreen() {
  const { t, i18n } = useTranslation('outbox');
  const { t: tAll } = useTranslation();
  const exportCodes = useApp((a) => a.settings?.exportCodes ?? false);
  const s = useOutbox(
    useShallow((st) => ({
      filter: st.filter,
      items: st.items,
      openId: st.openId,
      error: st.error,
      setFilter: st.setFilter,
      open: st.open,
      retry: st.retry,
      cancel: st.cancel,
      watch: st.watch,
    })),
  );
  const toast = useUi((u) => u.toast);
  const d = useDescribe();
  const { watch } = s;
  useEffect(() => watch(), [watch]);
  const opened = s.items.find((i) => i.id === s.openId) ?? null;
  const failed = s.items.filter((i) => i.state === 'failed').length;

  return (
    <main className="screen screen-fill outbox-screen" aria-labelledby="outbox-title">
      <div className="screen-head">
        <h1 id="outbox-title" tabIndex={-1} data-focus-home>
          {t('title')}
        </h1>
        <div className="row">
          <label className="field field-inline">
            <span>{t('filter')}</span>
            <select value={s.filter} onChange={(e) => s.setFilter(e.target.value as OutboxFilter)} data-primary>
              {(['open', 'failed', 'all'] as const).map((f) => (
                <option key={f} value={f}>
                  {t(`filters.${f}`)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn"
            disabled={failed === 0}
            title={failed === 0 ? t('why.noneRefused') : undefined}
            aria-describedby={failed === 0 ? 'why-retry-all' : undefined}
            onClick={() => void s.retry().then((n) => n !== null && toast('info', { key: 'outbox:toast.retried', params: { count: n } }))}
          >
            {t('actions.retryAll')}
          </button>
          {failed === 0 ? (
            <span id="why-retry-all" className="visually-hidden">
              {t('why.noneRefused')}
            </span>
          ) : null}
          <button
            type="button"
            className="btn"
            disabled={s.items.length === 0}
            onClick={() =>
              downloadText(
                `outbox-${localDay(Date.now(), systemTimeZone())}.csv`,
                outboxCsv(
                  s.items,
                  systemTimeZone(),
                  outboxCsvWords(t, tAll, { language: i18n.language === 'en' ? 'en' : 'tr', codes: exportCodes }),
                ),
              )
            }
          >
            {t('actions.export')}
          </button>
        </div>
      </div>
      <p className="hint">{t('intro')}</p>
      <ErrorText error={s.error} />
      <MovedWrites count={s.items.filter((i) => i.reason === 'moved').length} />
      <div className="packages-layout">
        <div className="packages-left">
          {s.items.length === 0 ? (
            <p className="hint">{t('empty')}</p>
          ) : (
            <div className="table-scroll">
              <table className="table outbox-table">
                <thead>
                  <tr>
                    <th scope="col">{t('columns.what')}</th>
                    <th scope="col">{t('columns.group')}</th>
                    <th scope="col">{t('columns.state')}</th>
                    <th scope="col">{t('columns.attempts')}</th>
                    <th scope="col">{t('columns.next')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('actions.open')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {s.items.map((i) => (
                    <tr key={i.id} data-testid="outbox-row" className={i.id === s.openId ? 'row-selected' : undefined}>
                      <td>
                        <strong>{d.kind(i)}</strong>
                        <div className="hint">{d.summary(i)}</div>
                        {i.lastError && i.state !== 'sent' ? <RowRefusal error={i.lastError} /> : null}
                      </td>
                      <td className="code">
                        <GroupText
                          text={d.group(i)}
                          code={i.groupKey.startsWith('inventory:') ? i.groupKey.slice('inventory:'.length) : null}
                        />
                      </td>
                      <td>
                        <span className={`pill ${stateClass[i.state] ?? ''}`}>{d.state(i)}</span>
                      </td>
                      <td>{formatNumber(i.attempts)}</td>
                      <td>{i.state === 'pending' ? formatDateTime(i.nextAttemptAt) : '—'}</td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-small"
                          onClick={() => s.open(i.id)}
                          aria-label={`${t('actions.open')}: ${d.kind(i)} ${d.group(i)} (${d.state(i)})`}
                        >
                          {t('actions.open')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
        <div className="packages-right">{opened ? <OutboxDetail item={opened} /> : null}</div>
      </div>
    </main>
  );
}

function OutboxDetail({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('outbox');
  const { t: tErrors } = useTranslation('errors');
  const d = useDescribe();
  const { retry, cancel, open } = useOutbox(useShallow((s) => ({ retry: s.retry, cancel: s.cancel, open: s.open })));
  const toast = useUi((u) => u.toast);
  const [confirm, setConfirm] = useState(false);
  const why = item.state === 'sending' ? t('why.inFlight') : t('why.notOpen');
  return (
    <article className="outbox-detail" aria-label={t('detail.title', { id: item.id })}>
      <div className="screen-head">
        <h2>
          {d.kind(item)} · {d.group(item)}
        </h2>
        <CloseButton label={t('actions.close')} onClose={() => open(null)} />
      </div>
      <dl className="detail-list">
        <dt>{t('columns.state')}</dt>
        <dd>{d.state(item)}</dd>
        <dt>{t('detail.request')}</dt>
        <dd>{d.summary(item)}</dd>
        <dt>{t('columns.created')}</dt>
        <dd>{formatDateTime(item.createdAt)}</dd>
        <dt>{t('columns.attempts')}</dt>
        <dd>{formatNumber(item.attempts)}</dd>
        {item.state === 'pending' ? (
          <>
            <dt>{t('columns.next')}</dt>
            <dd>{formatDateTime(item.nextAttemptAt)}</dd>
          </>
        ) : null}
        {item.sentAt ? (
          <>
            <dt>{t('state.sent')}</dt>
            <dd>{formatDateTime(item.sentAt)}</dd>
          </>
        ) : null}
      </dl>
      {item.reason && item.state !== 'sent' ? (
        <p className="hint" data-testid="outbox-reason">
          {tErrors(`outbox.${item.reason}`, {
            ...(item.lastError?.params ?? {}),
            blockedBy: item.blockedBy ?? '',
            kind: item.kind,
            ...(item.movedFrom ?? {}),
          })}
        </p>
      ) : null}
      {item.lastError && item.state !== 'sent' ? (
        <>
          <h3>{t('detail.error')}</h3>
          <ErrorText error={item.lastError} />
        </>
      ) : null}
      <OutboxAnswers item={item} />
      <h3>{t('detail.answer')}</h3>
      {item.responseStatus !== null ? <p>{t('detail.status', { status: item.responseStatus })}</p> : null}
      {item.responseBody ? <pre className="response-body">{item.responseBody}</pre> : <p className="hint">{t('detail.noAnswer')}</p>}
      {item.state === 'sent' || item.state === 'cancelled' ? null : (
        <div className="row sticky-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!canRetry(item)}
            aria-describedby={!canRetry(item) ? `why-${item.id}` : undefined}
            onClick={() =>
              void retry(item.id).then((n) => n !== null && toast('info', { key: 'outbox:toast.retried', params: { count: n } }))
            }
          >
            {t('actions.retry')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={!canCancel(item)}
            aria-describedby={!canCancel(item) ? `why-${item.id}` : undefined}
            onClick={() => setConfirm(true)}
          >
            {t('actions.cancel')}
          </button>
          {!canCancel(item) ? (
            <p className="hint" id={`why-${item.id}`}>
              {why}
            </p>
          ) : null}
        </div>
      )}
      <Dialog title={t('confirmCancel.title')} open={confirm} onClose={() => setConfirm(false)}>
        <p>{t('confirmCancel.text', { what: `${d.kind(item)} (${d.summary(item)})` })}</p>
        <div className="row">
          <button type="button" className="btn" autoFocus onClick={() => setConfirm(false)}>
            {t('confirmCancel.keep')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              setConfirm(false);
              void cancel(item.id).then((ok) => {
                if (ok === true) toast('success', { key: 'outbox:toast.cancelled' });
                else if (ok === false) toast('warning', { key: 'outbox:toast.notCancelled' });
              });
            }}
          >
            {t('confirmCancel.confirm')}
          </button>
        </div>
      </Dialog>
    </article>
  );
}

/**
 * Every try's answer, oldest first: a refusal that named the wrong SKU stays readable after the
 * write was sent again (the detail below shows only the last answer).
 */
function OutboxAnswers({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('outbox');
  const { answers, loadAnswers } = useOutbox(useShallow((s) => ({ answers: s.answers[item.id], loadAnswers: s.loadAnswers })));
  // Read again whenever the write changes (a resend's answer, a state).
  useEffect(() => {
    void loadAnswers(item.id);
  }, [item.id, item.attempts, item.state, loadAnswers]);
  if (!answers || answers.length === 0) return null;
  return (
    <>
      <h3>{t('detail.tries')}</h3>
      <ul className="plain outbox-answers" data-testid="outbox-answers">
        {answers.map((a) => (
          <li key={`${a.attempt}-${a.at}`}>
            <strong>{t('detail.try', { attempt: a.attempt, time: formatDateTime(a.at) })}</strong>
            {a.status !== null ? <> · {t('detail.status', { status: a.status })}</> : null}
            {a.error ? <ErrorText error={a.error} quiet /> : <span> · {t('detail.accepted')}</span>}
            {a.body ? (
              <details>
                <summary>{t('detail.answerBody')}</summary>
                <pre className="response-body">{a.body}</pre>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
