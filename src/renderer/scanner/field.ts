/**
 * Where the first character of a burst went, so it can be taken back (or given back). A list box
 * counts too: a letter picks the first option it begins (C… _Confirmed_), so a scan that starts
 * with one would change a filter.
 */
export type FieldSnapshot =
  { el: HTMLInputElement | HTMLTextAreaElement; value: string; start: number; end: number } | { el: HTMLSelectElement; value: string };

const isTextField = (el: Element | null): el is HTMLInputElement | HTMLTextAreaElement =>
  (el instanceof HTMLInputElement && /^(text|search|number|tel|url|email|password|)$/.test(el.type)) || el instanceof HTMLTextAreaElement;

export function snapshot(el: Element | null): FieldSnapshot | null {
  if (el instanceof HTMLSelectElement) return { el, value: el.value };
  if (!isTextField(el)) return null;
  return { el, value: el.value, start: el.selectionStart ?? el.value.length, end: el.selectionEnd ?? el.value.length };
}

/** Sets a field the way typing would, so React's onChange sees it. */
function setValue(el: HTMLInputElement | HTMLTextAreaElement, value: string, caret: number) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  try {
    el.setSelectionRange(caret, caret);
  } catch {
    // number inputs have no selection
  }
}

/** Takes back a character that leaked into a field before the burst was recognised. */
export function restore(s: FieldSnapshot): void {
  if (s.el.value === s.value) return;
  if ('start' in s) return setValue(s.el, s.value, s.start);
  // The option picked back, the way a person would pick it (React's onChange sees a change).
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(s.el, s.value);
  s.el.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Gives typed characters back to the field they were meant for (a fast typist, not a scanner). */
export function insert(s: FieldSnapshot, text: string): void {
  if (!('start' in s)) return; // a list box picks by its first letter; the rest was typing, not a choice
  const v = s.value.slice(0, s.start) + text + s.value.slice(s.end);
  setValue(s.el, v, s.start + text.length);
}

/** Puts a scanned code into a field (a barcode field of a form), as if it had been typed. */
export function fill(el: Element | null, value: string): boolean {
  if (!(el instanceof HTMLInputElement) || !el.dataset.scanTarget) return false;
  setValue(el, value, value.length);
  return true;
}
