import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { CountLine } from '../../../shared/domain/counts';
import { sortedLines, useCounts } from '../../store/counts';
import { LastTime } from './LastTime';
import { LineLots } from './Gs1Facts';
import { UnknownResolver } from './UnknownResolver';

const ROW = 56;

function LineRow({ line }: { line: CountLine }) {
  const { t } = useTranslation('counts');
  const { setLine, removeLine } = useCounts(useShallow((s) => ({ setLine: s.setLine, removeLine: s.removeLine })));
  const [value, setValue] = useState<string | null>(null);
  const editing = value !== null;
  // An edit ended from the keyboard (Enter saves, Escape cancels) gives the focus back to the
  // line's quantity: the field goes away, and the focus must not fall to the page.
  const qtyButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const endEdit = () => {
    refocus.current = true;
    setValue(null);
  };
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    qtyButton.current?.focus();
  }, [editing]);
  return (
    <div className={`count-line${line.unknown ? ' count-line-unknown' : ''}`} role="row" data-sku={line.sku}>
      <span role="cell" className="count-line-sku">
        <span data-code-line="">{line.sku}</span>
        {line.unknown ? <span className="pill pill-warn">{t('lines.unknownTag')}</span> : null}
      </span>
      <span role="cell" className="count-line-name">
        <span className="count-line-name-text" title={line.name ?? undefined}>
          {line.name ?? ''}
        </span>
        {line.lots?.length ? <LineLots lots={line.lots} /> : null}
        <LastTime sku={line.sku} />
      </span>
      <span role="cell" className="count-line-qty">
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const n = Number(value);
              if (Number.isInteger(n) && n >= 0) void setLine(line.sku, n).then(endEdit);
            }}
          >
            <input
              aria-label={t('lines.setQuantity', { sku: line.sku })}
              inputMode="numeric"
              pattern="[0-9]+"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Escape') return;
                // This Escape cancels the edit only: not also the quantity typed for the next scan.
                e.preventDefault();
                endEdit();
              }}
              autoFocus
              className="qty-input"
            />
          </form>
        ) : (
          <button
            ref={qtyButton}
            type="button"
            className="btn btn-small qty-button"
            onClick={() => setValue(String(line.quantity))}
            aria-label={`${line.quantity} · ${t('lines.setQuantity', { sku: line.sku })}`}
          >
            {line.quantity}
          </button>
        )}
      </span>
      <span role="cell">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void removeLine(line.sku)}
          aria-label={t('lines.remove', { sku: line.sku })}
        >
          ×
        </button>
      </span>
      {/* Under the line, across the whole row: the row grows to hold it (rows are measured). */}
      {line.unknown ? (
        <span role="cell" className="count-line-resolver">
          <UnknownResolver code={line.sku} />
        </span>
      ) : null}
    </div>
  );
}

/** Virtualized, most recently changed first: stays quick with 10,000 lines. */
export function CountLines() {
  const { t } = useTranslation('counts');
  const linesById = useCounts((s) => s.lines);
  const lines = useMemo(() => sortedLines(linesById), [linesById]);
  const parent = useRef<HTMLDivElement>(null);
  // The React Compiler is not used; TanStack Virtual's unmemoizable API is fine here.
  // Unknown lines carry their assign / own SKU / remove buttons: rows are measured, not fixed.
  // eslint-disable-next-line react-hooks/incompatible-library
  const v = useVirtualizer({
    count: lines.length,
    getScrollElement: () => parent.current,
    estimateSize: (i) => (lines[i]?.unknown ? ROW * 2.2 : ROW),
    getItemKey: (i) => lines[i]!.sku,
    overscan: 10,
  });
  if (lines.length === 0) return <p className="hint">{t('lines.empty')}</p>;
  return (
    <div className="count-lines" role="table" aria-label={t('lines.title')}>
      <div className="count-line count-line-head" role="row">
        <span role="columnheader">{t('lines.sku')}</span>
        <span role="columnheader">{t('lines.name')}</span>
        <span role="columnheader">{t('lines.quantity')}</span>
        <span role="columnheader" />
      </div>
      <div ref={parent} className="count-lines-body" role="rowgroup" data-testid="count-lines">
        <div style={{ height: v.getTotalSize(), position: 'relative' }}>
          {v.getVirtualItems().map((item) => (
            <div
              key={item.key}
              data-index={item.index}
              ref={v.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
            >
              <LineRow line={lines[item.index]!} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
