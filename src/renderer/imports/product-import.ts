import { parseProductCsv, type ProductCsvResult } from '../../shared/products/csv';
import { parseProductJson } from '../../shared/products/json';
import type { ProductValidation } from '../../shared/products/validate';

export type ParseRequest = { kind: 'json' | 'csv'; text: string };
export type ParseAnswer =
  | { ok: true; kind: 'json'; result: ProductValidation }
  | { ok: true; kind: 'csv'; result: ProductCsvResult }
  | { ok: false; message: string };

/** The parse itself (runs in the worker; also where no Worker exists, e.g. jsdom tests). */
export function parseProductText(req: ParseRequest): ParseAnswer {
  try {
    return req.kind === 'json'
      ? { ok: true, kind: 'json', result: parseProductJson(req.text) }
      : { ok: true, kind: 'csv', result: parseProductCsv(req.text) };
  } catch (e) {
    // A file built to break the parser (100,000 nested brackets overflow the stack) is a bad file.
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Parses and checks an import off the UI thread (a Web Worker), so scanning and the rest of the
 * page stay responsive while a large file is checked.
 */
export function parseProductFile(req: ParseRequest): Promise<ParseAnswer> {
  if (typeof Worker === 'undefined') return Promise.resolve(parseProductText(req));
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./product-import.worker.ts', import.meta.url), { type: 'module' });
    const finish = (a: ParseAnswer) => {
      worker.terminate();
      resolve(a);
    };
    worker.onmessage = (e: MessageEvent<ParseAnswer>) => finish(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      finish({ ok: false, message: e.message || 'the file could not be checked' });
    };
    worker.onmessageerror = () => finish({ ok: false, message: 'the file could not be checked' });
    worker.postMessage(req);
  });
}
