import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { PackageKind, PackageSummary } from '../../../shared/domain/packages';
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
    // The arrow keys need one: the next row must be there to take the focus.
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

  // Stable while the list's length stays, so rows already on screen are not drawn again as it scrolls.
  const onArrow = useCallback(
    (e: React.KeyboardEvent<HTMLDivElement>, index: number) => {
      const target = e.key === 'ArrowDown' ? index + 1 : e.key === 'ArrowUp' ? index - 1 : -1;
      if (target >= 0 && target < total) {
        e.preventDefault();
        virtualizer.scrollToIndex(target);
        // Focus moves now, not at the next frame: a key held down (or pressed faster than the
        // screen draws) would otherwise land on the row it left and one step be lost. The next
        // row is always drawn (overscan), so it is there to take the focus.
        const row = () => parentRef.current?.querySelector<HTMLElement>(`[data-index="${target}"]`);
        const now = row();
        if (now) now.focus({ preventScroll: true });
        else requestAnimationFrame(() => row()?.focus());
      }
    },
    [total, virtualizer],
  );

  return (
    <div ref={parentRef} className="virtual-list" role="list" aria-label={t('list')} data-testid="package-list">
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
              onArrow={onArrow}
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
  onArrow: (e: React.KeyboardEvent<HTMLDivElement>, index: number) => void;
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
const PackageRow = memo(function PackageRow({ row, index, start, selected, open, onArrow, text }: RowProps) {
  return (
    <div
      role="listitem"
      className={`package-row${selected ? ' package-row-selected' : ''}`}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
      data-index={index}
      tabIndex={0}
      onClick={() => row && void open(row.kind, row.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && row) void open(row.kind, row.id);
        else onArrow(e, index);
      }}
      aria-label={row ? `${text.kind(row.kind)} ${row.id} ${row.orderNumber ?? ''} ${row.customerName}` : text.loading()}
    >
      {row ? (
        <>
          <div className="package-line">
            <span className={`kind-tag kind-${row.kind}`}>{text.kind(row.kind)}</span>
            <strong>{row.orderNumber ?? row.id}</strong>
            <span title={row.customerName}>{row.customerName}</span>
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
