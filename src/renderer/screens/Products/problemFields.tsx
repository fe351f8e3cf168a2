import { createContext, useContext, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/**
 * Problems shown at their field. The screen maps `record:field` (the validator's record index and
 * field path, e.g. `2:Main.Barcode`, `0:Prices[0].SalePrice`) to the ids of the problem messages;
 * an input asks with `useProblemProps(field)` inside the `RecordScope` of its record and gets
 * aria-invalid, aria-describedby (its own hint kept) and a `data-problem-key` the screen finds it
 * by to move focus there when sending is refused.
 */
export const ProblemsContext = createContext<ReadonlyMap<string, string[]>>(new Map());
const RecordContext = createContext<number>(-1);
export const RecordScope = RecordContext.Provider;

export const problemKey = (record: number, field: string) => `${record}:${field}`;

export function useProblemProps(field: string, ownDescribedBy?: string) {
  const problems = useContext(ProblemsContext);
  const record = useContext(RecordContext);
  const key = problemKey(record, field);
  const ids = problems.get(key);
  const describedBy = [ownDescribedBy, ...(ids ?? [])].filter(Boolean).join(' ');
  return {
    'data-problem-key': key,
    ...(ids ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
}

/** The input of a problem: its field, else the nearest input of the part it is in (Prices[0] → its first input). */
function fieldOf(p: { record?: number; field?: string }): HTMLElement | null {
  if (p.record === undefined || p.field === undefined) return null;
  let field = p.field;
  while (field) {
    const key = problemKey(p.record, field).replace(/["\\]/g, '\\$&');
    const el =
      document.querySelector<HTMLElement>(`[data-problem-key="${key}"]`) ??
      document.querySelector<HTMLElement>(`[data-problem-key^="${key}"]`);
    if (el) return el;
    const cut = field.search(/(\.[^.[]*|\[\d+\])$/);
    field = cut > 0 ? field.slice(0, cut) : '';
  }
  return null;
}

/** Moves focus to the first field with a problem, in the order of the form; else to the problem list. */
export function focusFirstProblem(problems: { record?: number; field?: string }[], fallback: HTMLElement | null) {
  const fields = problems.map(fieldOf).filter((e): e is HTMLElement => e !== null);
  fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const first = fields[0] ?? fallback;
  first?.scrollIntoView?.({ block: 'center' });
  first?.focus();
}

type Field = { field: string; 'aria-describedby'?: string | undefined };

/** An input, textarea or select that shows the problems of its field. */
export function PInput({ field, 'aria-describedby': own, ...props }: InputHTMLAttributes<HTMLInputElement> & Field) {
  return <input {...props} {...useProblemProps(field, own)} />;
}
export function PTextarea({ field, 'aria-describedby': own, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & Field) {
  return <textarea {...props} {...useProblemProps(field, own)} />;
}
export function PSelect({ field, 'aria-describedby': own, ...props }: SelectHTMLAttributes<HTMLSelectElement> & Field) {
  return <select {...props} {...useProblemProps(field, own)} />;
}
