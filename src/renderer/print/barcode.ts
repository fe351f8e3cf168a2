import { toCanvas } from 'bwip-js/browser';
import type { PrintedCode } from './sheets';

/**
 * A barcode as a PNG data URL, drawn by bwip-js (the Barcode Writer in Pure PostScript). Bars are
 * whole pixels at `scale`; the image is printed at its physical size so every module is sharp.
 * The human-readable text is printed by the page, not baked into the image.
 */
export function barcodeImage(code: PrintedCode): { url: string; width: number; height: number } {
  const canvas = document.createElement('canvas');
  const matrix = code.bcid === 'gs1datamatrix';
  const common = { bcid: code.bcid, text: code.data, paddingheight: 2, backgroundcolor: 'FFFFFF', includetext: false };
  toCanvas(canvas, matrix ? { ...common, scale: 6, paddingwidth: 2 } : { ...common, scale: 3, height: 12, paddingwidth: 10 });
  return { url: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height };
}
