/** GS (ASCII 29): FNC1, the separator inside GS1 codes. */
export const GS = '\u001d';

/**
 * Keyboard-wedge scanners type GS as Ctrl+] (the ASCII control key for 29), whatever the layout
 * makes of the ] key; some send the character itself.
 */
export const isGsKey = (e: { key: string; code: string; ctrlKey: boolean; altKey: boolean }): boolean =>
  e.key === GS || (e.ctrlKey && !e.altKey && e.code === 'BracketRight');
