import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { PackageKind, PackageSummary } from '../../../shared/domain/packages';
import { useListKeys } from '../../components/listKeys';
import { statusName } from '../../components/StatusName';
import { formatDate, keptWords } from '../../i18n/format';
import { packagePages, usePackages } from '../../store/packages';

const ROW_HEIGHT = 72;

/**
 * Virtualized: only the rows on screen exist in the DOM and only their pages are fetched, so the
 * list stays smooth with 100,000 packages. Arrow keys move through it; Enter opens a package.
 */
export function PackageList() {
  const { t } = useTranslation('packages');
  const { total, pages, selected, ensurePage, open } = usePackages(
    useShallow((s) => ({ total: s.total, pages: s.pages, selected: s.selected, ensurePage: s.ensurePage, open: s.open })),
  );
  const text = useMemo(() => rowText(t), [t]);
  const parentRef = useRef<HTMLDivElement>(null);
  // The React Compiler is not used; TanStack Virtual's unmemoizable API is fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Two rows beyond each edge: the rows are drawn in the scroll's own frame (the virtualizer
    // renders on the scroll event), so more would only be laid out and painted unseen. In a fling
    // through 120,000 packages, 2 instead of 8 took a fifth off the page's thread (docs/PERFORMANCE.md).
    // The arrow keys' next row is then drawn already; where a slow PC is behind, it takes the focus
    // once drawn and no key is lost (listKeys.ts).
    overscan: 2,
  });
  const items = virtualizer.getVirtualItems();

  useEffect(() => {
    const first = items[0]?.index;
    const last = items[items.length - 1]?.index;
    if (first === undefined || last === undefined) return;
    void packagePages.showRows(first, last, ensurePage);
    // Also when the pages change under rows that stay on screen: a refresh (after a sync) starts
    // over with the first page only, and the rows below were left "Loading…" until a scroll.
  }, [items, pages, ensurePage]);

  const openAt = useCallback(
    (index: number) => {
      const row = packagePages.rowAt(usePackages.getState().pages, index);
      if (row) void open(row.kind, row.id);
      return row !== undefined;
    },
    [open],
  );
  const { onKey, onFocus, tabStop } = useListKeys({ parent: parentRef, virtualizer, total, openAt });

  return (
    <div ref={parentRef} className="virtual-list" role="list" aria-label={t('list')} data-testid="package-list" onFocus={onFocus}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((v) => {
          const row = packagePages.rowAt(pages, v.index);
          return (
            <PackageRow
              key={v.key}
              row={row}
              index={v.index}
              start={v.start}
              selected={!!row && selected?.kind === row.kind && selected.id === row.id}
              open={open}
              onKey={onKey}
              tabbable={v.index === tabStop}
              text={text}
            />
          );
        })}
      </div>
    </div>
  );
}

interface RowProps {
  row: PackageSummary | undefined;
  index: number;
  start: number;
  selected: boolean;
  open: (kind: PackageKind, id: number) => Promise<void>;
  onKey: (e: React.KeyboardEvent<HTMLDivElement>, index: number) => void;
  /** The list's one Tab stop (listKeys.ts). */
  tabbable: boolean;
  text: RowText;
}

/**
 * A row's words, each worked out once per language and kept (the list's: a useTranslation in every
 * row, and i18next's t for every word of every new row, were most of a fling's rendering).
 */
function rowText(t: TFunction<'packages'>) {
  const once = keptWords();
  return {
    kind: (kind: PackageKind) => once(`kind:${kind}`, () => t(`kindOne.${kind}`)),
    status: (status: string | null) => once(`status:${status ?? ''}`, () => statusName(t, status)),
    items: (count: number) => once(`items:${count}`, () => t('items', { count })),
    loading: () => once('loading', () => t('loadingRow')),
  };
}
type RowText = ReturnType<typeof rowText>;

/** One row; drawn again only when what it shows changes (memo), not on every frame of a scroll. */
const PackageRow = memo(function PackageRow({ row, index, start, selected, open, onKey, tabbable, text }: RowProps) {
  return (
    <div
      role="listitem"
      className={`package-row${selected ? ' package-row-selected' : ''}`}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
      data-index={index}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => row && void open(row.kind, row.id)}
      onKeyDown={(e) => onKey(e, index)}
      aria-label={row ? `${text.kind(row.kind)} ${row.id} ${row.orderNumber ?? ''} ${row.customerName}` : text.loading()}
    >
      {row ? (
        <>
          <div className="package-line">
            <span className={`kind-tag kind-${row.kind}`}>{text.kind(row.kind)}</span>
            <strong>{row.orderNumber ?? row.id}</strong>
            <span className="package-line-customer" title={row.customerName}>
              {row.customerName}
            </span>
          </div>
          <div className="package-line package-line-sub">
            <span className="code" title={row.cargoTrackingNumber ?? undefined}>
              {row.cargoTrackingNumber}
            </span>
            <span>{text.status(row.status)}</span>
            <span title={row.cargoName ?? undefined}>{row.cargoName}</span>
            <span>#{row.id}</span>
            <span>{formatDate(row.orderDate)}</span>
            <span>{text.items(row.itemCount)}</span>
          </div>
        </>
      ) : (
        <span className="hint">{text.loading()}</span>
      )}
    </div>
  );
});
