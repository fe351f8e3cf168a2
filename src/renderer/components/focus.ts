import { useEffect, useRef, type RefObject } from 'react';

/**
 * Where the focus lives. A worker drives the app from the keyboard with a scanner in the other
 * hand: the focus is always on a control that takes the next key, never on the page itself (from
 * there Tab starts over at the navigation and Enter does nothing).
 *
 * A screen marks its home control with `data-focus-home`: its search or scan field where it takes
 * scans; where it takes none, its heading (tabIndex -1), never a list box, which a scan's first
 * letter would change before the scan is recognised (useScanner lets the first key of a burst
 * through). The home takes the focus when the screen opens, and when the control that had the
 * focus goes away or can no longer take it (a resolved question's buttons, a toast's ×, a
 * button disabled under the focus, a dialog whose opener is gone).
 */

const HOME = '[data-focus-home]:not(:disabled)';
const PRIMARY = '[data-primary]:not(:disabled)';

function focusFirst(selectors: string[]): void {
  const main = document.querySelector('main');
  if (!main) return;
  for (const s of selectors) {
    const target = main.querySelector<HTMLElement>(s);
    if (target) {
      target.focus({ preventScroll: true });
      if (document.activeElement === target) return;
    }
  }
}

/**
 * The focus back to the screen: to its list, on its Tab stop (the row the worker was on,
 * listKeys.ts), else to its home, else to its primary action.
 */
export function focusBackToScreen(): void {
  focusFirst(['[role="list"] [role="listitem"][tabindex="0"]', HOME, PRIMARY]);
}

/** A screen that opens: its home takes the focus, unless the screen put it somewhere itself. */
export function focusScreenHome(): void {
  const main = document.querySelector('main');
  if (main && !main.contains(document.activeElement)) focusFirst([HOME, PRIMARY]);
}

/** A question or a sheet is open over the screen: the screen's own shortcuts wait until it closes. */
export const modalOpen = (): boolean => document.querySelector('dialog[open], [aria-modal="true"]') !== null;

/** The control that had the focus is gone, disabled, inert, or in a dialog that closed. */
function gone(el: HTMLElement): boolean {
  const dialog = el.closest('dialog');
  return (
    !el.isConnected || (el as HTMLButtonElement).disabled === true || el.closest('[inert]') !== null || (dialog !== null && !dialog.open)
  );
}

/**
 * Installed once (App): watches for the focus falling to the page because its control went away,
 * and gives it back to the screen. Cheap on every other change: one look at `activeElement`.
 */
export function useFocusKeeper(): void {
  useEffect(() => {
    let last: HTMLElement | null = null;
    /** The open record (a package's or a return's detail) the focused control was in. */
    let record: HTMLElement | null = null;
    const onFocusIn = (e: FocusEvent) => {
      if (!(e.target instanceof HTMLElement)) return;
      last = e.target;
      record = e.target.closest('article');
    };
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if ((active !== null && active !== document.body) || last === null || !gone(last)) return;
      last = null;
      // A control of an open record that went away (its "I have seen it"): the focus stays with
      // that record, on its heading. The list's Tab stop may be another record by now (the list
      // read again without this one): Enter there opened the wrong return.
      const heading = record?.isConnected ? record.querySelector<HTMLElement>('h2') : null;
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus();
        return;
      }
      focusBackToScreen();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'inert', 'open'] });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}

/**
 * A form or panel opened by a button gives the focus back to it when it closes: `opened()` when it
 * opens remembers the focused control, `closed()` when it closes sends the focus there after the
 * next render, or to `fallback` when that control is gone (a button the panel took the place of,
 * drawn again).
 */
export function useFocusReturn(fallback: RefObject<HTMLElement | null>): { opened: () => void; closed: () => void } {
  const opener = useRef<HTMLElement | null>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    (opener.current?.isConnected ? opener.current : fallback.current)?.focus();
  });
  return {
    opened: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    closed: () => {
      pending.current = true;
    },
  };
}
