/** GS (ASCII 29): FNC1, the separator inside GS1 codes. */
export const GS = '\u001d';

/**
 * Keyboard-wedge scanners type GS as Ctrl+] (the ASCII control key for 29), whatever the layout
 * makes of the ] key; some send the character itself.
 */
export const isGsKey = (e: { key: string; code: string; ctrlKey: boolean; altKey: boolean }): boolean =>
  e.key === GS || (e.ctrlKey && !e.altKey && (e.code === 'BracketRight' || e.key === ']'));

/**
 * A modifier pressed on its own (the Control a scanner holds for Ctrl+], Shift for capitals): it
 * types nothing and is not a shortcut, so it neither ends a scan nor counts in one.
 */
export const isModifierKey = (e: { key: string; code: string }): boolean =>
  /^(Shift|Control|Alt|AltGraph|Meta|OS|CapsLock|NumLock|Fn|FnLock|Hyper|Super|Symbol|SymbolLock)$/.test(e.key) ||
  /^(Shift|Control|Alt|Meta|OS)(Left|Right)$/.test(e.code);
