import { parseProductText, type ParseAnswer, type ParseRequest } from './product-import';

/** Checks a product import off the UI thread (see product-import.ts). */
self.onmessage = (e: MessageEvent<ParseRequest>) => {
  const answer = parseProductText(e.data);
  try {
    self.postMessage(answer);
  } catch (err) {
    // The result could not be copied back (e.g. nested too deeply for structured clone).
    self.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies ParseAnswer);
  }
};
