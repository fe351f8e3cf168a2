import { problem } from './problems';
import type { ProductRecord } from './schema';
import { validateProductRequest, type ProductValidation } from './validate';

/**
 * Reads a JSON file in the service's own format (the SaveProductsManually body: an array of
 * records) and checks it. A file that is not JSON says where it broke (line and column).
 */
export function parseProductJson(text: string): ProductValidation {
  const body = text.replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    const at = jsonErrorOffset(e instanceof Error ? e.message : '', body);
    if (at === null) return { ok: false, problems: [problem(-1, '', 'not_json')], warnings: [] };
    return { ok: false, problems: [problem(-1, '', 'not_json_at', lineColumn(body, at))], warnings: [] };
  }
  return validateProductRequest(value);
}

/** The body sent to the service: unknown fields of imported records are kept as they came. */
export const serializeProductRequest = (records: readonly ProductRecord[]): string => JSON.stringify(records);

/** V8 says "… at position N" (Chromium in Electron and Node alike) or that the input ended. */
function jsonErrorOffset(message: string, body: string): number | null {
  const m = /position (\d+)/.exec(message);
  if (m?.[1]) return Number(m[1]);
  if (/end of (JSON )?input/i.test(message)) return body.length;
  return null;
}

function lineColumn(body: string, offset: number): { line: number; column: number } {
  const before = body.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}
