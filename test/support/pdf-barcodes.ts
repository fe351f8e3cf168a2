import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { prepareZXingModule, readBarcodes, type ReadResult } from 'zxing-wasm/reader';

/**
 * Reads back the barcodes of a PDF that Chromium printed (page.pdf): the sheets draw each barcode
 * as a PNG image, which Skia stores as a Flate-compressed image XObject. Those images are
 * inflated to pixels and decoded with zxing-wasm (ZXing C++), whose wasm binary is loaded from
 * node_modules: no network.
 */
const require = createRequire(import.meta.url);
let prepared = false;
function prepare() {
  if (prepared) return;
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) } });
  prepared = true;
}

export interface PdfImage {
  width: number;
  height: number;
  /** RGBA pixels. */
  data: Uint8ClampedArray<ArrayBuffer>;
  /** What an ImageData carries (the DOM's type asks for it when DOM typings are in the program). */
  colorSpace: 'srgb';
}

function num(dict: string, key: string): number | null {
  const m = new RegExp(`/${key}\\s+(\\d+)(?!\\s+\\d+\\s+R)`).exec(dict);
  return m ? Number(m[1]) : null;
}

/** Pages (MediaBox in points) and images of a PDF written by Skia (no object streams). */
export function readPdf(pdf: Buffer): { pages: { width: number; height: number }[]; images: PdfImage[] } {
  const text = pdf.toString('latin1');
  const pages = [...text.matchAll(/\/Type \/Page\b[\s\S]*?\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
  }));
  const components = (dict: string): number => {
    if (/\/DeviceGray/.test(dict)) return 1;
    if (/\/DeviceRGB/.test(dict)) return 3;
    const icc = /\/ICCBased (\d+) 0 R/.exec(dict);
    if (icc) {
      const obj = new RegExp(`\\n${icc[1]} 0 obj\\s*<<([\\s\\S]*?)>>`).exec(text);
      return num(obj?.[1] ?? '', 'N') ?? 3;
    }
    throw new Error(`unknown colour space in ${dict}`);
  };
  const images: PdfImage[] = [];
  for (const m of text.matchAll(/\d+ 0 obj\s*<<([\s\S]*?)>>\s*stream\r?\n/g)) {
    const dict = m[1]!;
    if (!/\/Subtype \/Image/.test(dict)) continue;
    if (/\/SMask/.test(dict) && !/\/Width/.test(dict)) continue;
    const width = num(dict, 'Width')!;
    const height = num(dict, 'Height')!;
    const length = num(dict, 'Length');
    if (length === null) throw new Error('indirect stream length');
    if (!/\/Filter \/FlateDecode/.test(dict) || num(dict, 'BitsPerComponent') !== 8) throw new Error(`unexpected image encoding: ${dict}`);
    const start = m.index + m[0].length;
    const raw = inflateSync(pdf.subarray(start, start + length));
    const n = components(dict);
    if (n !== 3 && n !== 1) continue; // a soft mask (alpha) of another image
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) data[i * 4 + c] = raw[i * n + (n === 1 ? 0 : c)]!;
      data[i * 4 + 3] = 255;
    }
    images.push({ width, height, data, colorSpace: 'srgb' });
  }
  return { pages, images };
}

/** Every barcode zxing finds in the images, with its symbology identifier (`]C1`, `]d2` …). */
export async function decodeImages(images: PdfImage[]): Promise<ReadResult[]> {
  prepare();
  const out: ReadResult[] = [];
  for (const img of images) {
    const found = await readBarcodes(img, { formats: ['Code128', 'EAN13', 'DataMatrix'], textMode: 'Plain', tryHarder: true });
    out.push(...found.filter((r) => r.isValid));
  }
  return out;
}
