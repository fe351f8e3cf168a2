/** Where the first character of a burst went, so it can be taken back (or given back). */
export interface FieldSnapshot {
  el: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  start: number;
  end: number;
}

const isTextField = (el: Element | null): el is HTMLInputElement | HTMLTextAreaElement =>
  (el instanceof HTMLInputElement && /^(text|search|number|tel|url|email|password|)$/.test(el.type)) || el instanceof HTMLTextAreaElement;

export function snapshot(el: Element | null): FieldSnapshot | null {
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
  if (s.el.value !== s.value) setValue(s.el, s.value, s.start);
}

/** Gives typed characters back to the field they were meant for (a fast typist, not a scanner). */
export function insert(s: FieldSnapshot, text: string): void {
  const v = s.value.slice(0, s.start) + text + s.value.slice(s.end);
  setValue(s.el, v, s.start + text.length);
}

/** Puts a scanned code into a field (a barcode field of a form), as if it had been typed. */
export function fill(el: Element | null, value: string): boolean {
  if (!(el instanceof HTMLInputElement) || !el.dataset.scanTarget) return false;
  setValue(el, value, value.length);
  return true;
}
