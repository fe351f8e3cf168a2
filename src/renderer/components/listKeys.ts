import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/**
 * The arrow keys and Enter on a virtualized list whose rows carry `data-index` and take the focus.
 *
 * The list keeps only the rows on screen and a couple beyond them, and a slow PC draws later than
 * keys arrive: each key moves on from the row the keys have reached (`wanted`), not from the row
 * that still has the focus, so no step is lost; that row takes the focus once it is drawn.
 *
 * The list is one stop for Tab (`tabStop`: the row the keys were last on while it is drawn, else
 * the first row on screen; every other row takes -1), so Tab leaves it at once and Shift+Tab comes
 * back to that row: a worker never has to walk through 100,000 rows to reach the detail.
 */
export function useListKeys({
  parent,
  virtualizer,
  total,
  openAt,
}: {
  parent: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  total: number;
  /** Enter on the row at this index; false while its page is not fetched yet. */
  openAt: (index: number) => boolean;
}) {
  const wanted = useRef<number | null>(null);
  /** Enter on a row still loading: it opens when its page arrives, unless the keys moved on. */
  const pendingOpen = useRef<number | null>(null);
  const [active, setActive] = useState(0);
  const focusWanted = useCallback(() => {
    const index = wanted.current;
    if (index === null) return;
    const row = parent.current?.querySelector<HTMLElement>(`[data-index="${index}"][tabindex]`);
    if (!row) return;
    row.focus({ preventScroll: true }); // the list scrolled to it already
    wanted.current = null;
  }, [parent]);
  // After every drawing of the list (a scroll's new rows, a page that arrived), the wanted row
  // takes the focus if it is there now, and a row Enter was pressed on opens once it has come.
  // Cheap: nothing to do unless a key is pending.
  useLayoutEffect(() => {
    focusWanted();
    const pending = pendingOpen.current;
    if (pending === null || wanted.current !== null) return; // not there yet
    const row = document.activeElement;
    const onRow = row instanceof HTMLElement && parent.current?.contains(row) === true && Number(row.dataset.index) === pending;
    if (!onRow)
      pendingOpen.current = null; // the worker moved on
    else if (openAt(pending)) pendingOpen.current = null;
  });

  // Stable while the list's length stays, so rows already on screen are not drawn again.
  const onKey = useCallback(
    (e: KeyboardEvent<HTMLElement>, index: number) => {
      const from = wanted.current ?? index;
      if (e.key === 'Enter') {
        e.preventDefault();
        pendingOpen.current = openAt(from) ? null : from;
        return;
      }
      const target = e.key === 'ArrowDown' ? from + 1 : e.key === 'ArrowUp' ? from - 1 : -1;
      if (target < 0 || target >= total) return;
      e.preventDefault();
      pendingOpen.current = null;
      wanted.current = target;
      virtualizer.scrollToIndex(target);
      focusWanted(); // now, if the row is drawn (the next one is: overscan)
    },
    [total, virtualizer, openAt, focusWanted],
  );
  // The focus on a row (by the keys, a click or Tab): the keys go on from there, and it is the
  // list's tab stop.
  const onFocus = useCallback((e: FocusEvent<HTMLElement>) => {
    wanted.current = null;
    const index = Number(e.target.dataset.index);
    if (index !== pendingOpen.current) pendingOpen.current = null;
    if (Number.isInteger(index)) setActive(index);
  }, []);
  const items = virtualizer.getVirtualItems();
  const onScreen = items.find((i) => i.end > (virtualizer.scrollOffset ?? 0) + 1) ?? items[0];
  const tabStop = items.some((i) => i.index === active) ? active : (onScreen?.index ?? 0);
  return { onKey, onFocus, tabStop };
}
