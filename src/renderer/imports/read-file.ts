import { MAX_IMPORT_BYTES } from '../../shared/products/file-text';

export { MAX_IMPORT_BYTES };

export class ImportTooLarge extends Error {
  constructor(readonly size: number) {
    super(`the file has ${size} bytes; at most ${MAX_IMPORT_BYTES} can be imported`);
  }
}

/**
 * Reads an import file's bytes in chunks, reporting the share read (0…1), after checking the
 * size cap: a 2 GB file is refused at once instead of freezing the page while it loads.
 */
export async function readImportBytes(file: Blob, onProgress: (done: number) => void = () => undefined): Promise<Uint8Array> {
  if (file.size > MAX_IMPORT_BYTES) throw new ImportTooLarge(file.size);
  const out = new Uint8Array(file.size);
  let at = 0;
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > out.length) throw new ImportTooLarge(at + value.length);
    out.set(value, at);
    at += value.length;
    onProgress(file.size ? at / file.size : 1);
  }
  return out.subarray(0, at);
}
