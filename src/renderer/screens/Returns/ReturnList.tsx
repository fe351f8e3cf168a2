import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { ReturnSummary } from '../../../shared/domain/returns';
import { useListKeys } from '../../components/listKeys';
import { formatDate, keptWords } from '../../i18n/format';
import { returnPages, useReturns } from '../../store/returns';

const ROW = 72;

/**
 * A return row's words, each worked out once per language and kept: no useTranslation in every row
 * and no i18next lookup for every word of every new row of a scroll (as the Packages list's rows).
 */
export function returnRowText(t: TFunction<'returns'>) {
  const once = keptWords();
  return {
    decision: (d: ReturnSummary['decision']) => once(`decision:${d}`, () => t(`decision.${d}`)),
    inspection: (i: Exclude<ReturnSummary['inspection'], 'none'>) => once(`inspection:${i}`, () => t(`inspection.${i}`)),
    loading: () => once('loading', () => t('loadingRow')),
  };
}
export type ReturnRowText = ReturnType<typeof returnRowText>;

/**
 * One return; drawn again only when what it shows changes (memo), not on every frame of a scroll.
 * In the list a row whose page is not here yet (`r` undefined: a scroll, or the list read again
 * after an inspection) is the same element, loading: a focused row keeps the focus.
 */
export const ReturnRow = memo(function ReturnRow({
  r,
  selected,
  onOpen,
  text,
  index,
  onKey,
  tabbable = true,
}: {
  r: ReturnSummary | undefined;
  selected: boolean;
  onOpen: (id: number) => void;
  text: ReturnRowText;
  /** In the virtualized list: the row's place and its keys (arrows, Enter); elsewhere Enter opens it. */
  index?: number;
  onKey?: (e: React.KeyboardEvent<HTMLElement>, index: number) => void;
  /** The list's one Tab stop (listKeys.ts); a row outside the list always is one. */
  tabbable?: boolean;
}) {
  return (
    <div
      role="listitem"
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      className={`package-row${selected ? ' package-row-selected' : ''}`}
      onClick={() => r && onOpen(r.id)}
      onKeyDown={(e) => (onKey && index !== undefined ? onKey(e, index) : e.key === 'Enter' && r && onOpen(r.id))}
      aria-label={r ? `${r.id} ${r.orderNumber ?? ''} ${r.customerName}` : text.loading()}
      style={{ height: ROW }}
    >
      {r ? (
        <>
          {/* One wrapping line of parts: the pills sit after the name, or (a narrow list, beside an open
              return) at the start of the second line, so the customer's name keeps its room. */}
          <div className="return-row-body">
            <strong>{r.id}</strong>
            <span className="package-row-customer">{r.customerName}</span>
            <span className="return-row-pills">
              <span className={`pill decision-${r.decision}`}>{text.decision(r.decision)}</span>
              {r.inspection !== 'none' ? (
                <span className={`pill inspection-${r.inspection}`} title={text.inspection(r.inspection)}>
                  {text.inspection(r.inspection)}
                </span>
              ) : null}
            </span>
            <i className="return-row-break" aria-hidden="true" />
            <div className="package-row-sub">
              <span className="code" title={r.cargoTrackingNumber ?? undefined}>
                {r.cargoTrackingNumber}
              </span>
              <span title={r.orderNumber ?? undefined}>{r.orderNumber}</span>
              <span title={r.cargoName ?? undefined}>{r.cargoName}</span>
              <span>{formatDate(r.returnDate)}</span>
            </div>
          </div>
        </>
      ) : (
        <span className="hint">{text.loading()}</span>
      )}
    </div>
  );
});

/** Virtualized and paged: smooth with 20,000 returns. Arrow keys move through it; Enter opens a return. */
export function ReturnList() {
  const { t } = useTranslation('returns');
  const { total, pages, selected, ensurePage, open } = useReturns(
    useShallow((s) => ({ total: s.total, pages: s.pages, selected: s.selected, ensurePage: s.ensurePage, open: s.open })),
  );
  const text = useMemo(() => returnRowText(t), [t]);
  const parent = useRef<HTMLDivElement>(null);
  // Two rows beyond each edge, as the Packages list (PackageList.tsx): the rows are drawn in the
  // scroll's own frame, so more would only be laid out and painted unseen.
  // The React Compiler is not used; TanStack Virtual's unmemoizable API is fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const v = useVirtualizer({ count: total, getScrollElement: () => parent.current, estimateSize: () => ROW, overscan: 2 });
  const items = v.getVirtualItems();
  useEffect(() => {
    const first = items[0]?.index;
    const last = items[items.length - 1]?.index;
    if (first === undefined || last === undefined) return;
    void returnPages.showRows(first, last, ensurePage);
    // Also when the pages change under rows that stay on screen: a refresh (after a sync) starts
    // over with the first page only, and the rows below were left "Loading…" until a scroll.
  }, [items, pages, ensurePage]);
  // Stable, so rows already on screen are not drawn again as the list scrolls.
  const onOpen = useCallback((id: number) => void open(id), [open]);
  const openAt = useCallback(
    (index: number) => {
      const r = returnPages.rowAt(useReturns.getState().pages, index);
      if (r) void open(r.id);
      return r !== undefined;
    },
    [open],
  );
  const { onKey, onFocus, tabStop } = useListKeys({ parent, virtualizer: v, total, openAt });
  return (
    <div ref={parent} className="virtual-list" role="list" aria-label={t('list')} data-testid="return-list" onFocus={onFocus}>
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const r = returnPages.rowAt(pages, item.index);
          return (
            <div key={item.key} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
              <ReturnRow
                r={r}
                selected={!!r && selected === r.id}
                onOpen={onOpen}
                text={text}
                index={item.index}
                onKey={onKey}
                tabbable={item.index === tabStop}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
