import type { Page } from '@playwright/test';
import { readScan } from '../../src/shared/gs1/read';
import { interpretScan } from '../../src/shared/gs1/scan-intent';
import { decodeImages, readPdf } from '../support/pdf-barcodes';
import { expect, signInToSandbox, test } from './fixtures';

/** What Chromium's print makes of the sheet on screen (A4, the sheet's own @page rules). */
async function printed(page: Page) {
  await expect(page.getByTestId('print-preview').locator('img').first()).toBeVisible();
  // Every barcode image decoded before printing (the page's own DOM, as a string: no DOM types here).
  await page.waitForFunction("[...document.querySelectorAll('.print-overlay img')].every((i) => i.complete)");
  const pdf = readPdf(await page.pdf({ preferCSSPageSize: true }));
  return { pages: pdf.pages, codes: await decodeImages(pdf.images) };
}

const A4 = { width: 595, height: 842 }; // points, rounded

test.describe('printed sheets', () => {
  test('shelf labels for every storage code of the connection, 3 × 8 per A4 page, read back from the PDF', async ({ page, app }) => {
    const codes = Array.from({ length: 30 }, (_, i) => `RAF-${String(i + 1).padStart(2, '0')}/A`);
    await signInToSandbox(page, app, [...codes, 'DEPO-IŞIK']);
    await page.keyboard.press('Alt+6');
    await page.getByRole('button', { name: 'Shelf labels (31 storage codes)…' }).click();
    await expect(page.getByTestId('print-preview')).toContainText('2 pages');
    await expect(page.getByTestId('print-preview')).toContainText('RAF-17/A'); // human-readable text
    // A code with Turkish letters gets no barcode (a wedge could not type it back), only its text.
    await expect(page.locator('[data-code="DEPO-IŞIK"]')).toContainText('No barcode: type this code');
    await expect(page.locator('[data-code="DEPO-IŞIK"] img')).toHaveCount(0);
    const { pages, codes: read } = await printed(page);
    expect(pages.map((p) => ({ width: Math.round(p.width), height: Math.round(p.height) }))).toEqual([A4, A4]);
    expect(read.map((r) => r.text).sort()).toEqual([...codes].sort());
    expect(new Set(read.map((r) => r.format))).toEqual(new Set(['Code128']));
    await page.getByRole('button', { name: 'Close' }).click();

    // A larger label: 2 × 7 per page.
    await page.getByLabel('Label size').selectOption('105x42');
    await page.getByRole('button', { name: 'Shelf labels (31 storage codes)…' }).click();
    await expect(page.getByTestId('print-preview')).toContainText('3 pages');
  });

  test('the command sheet reads back as commands, never as product codes', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.keyboard.press('Alt+6');
    await page.getByRole('button', { name: 'Command sheet' }).click();
    await expect(page.getByTestId('print-preview')).toContainText('Review and send');
    const { codes } = await printed(page);
    const commands = codes.map((r) => interpretScan(r.text)).map((i) => (i.kind === 'command' ? i.command : i));
    expect(commands).toHaveLength(17);
    expect(commands).toEqual(
      expect.arrayContaining([
        { type: 'undo' },
        { type: 'review' },
        { type: 'finish' },
        { type: 'cancelQuantity' },
        { type: 'quantity', quantity: 1 },
        { type: 'quantity', quantity: 12 },
        { type: 'quantity', quantity: 24 },
      ]),
    );
  });

  test('the scanner test sheet: EAN-13, Code 128 with - * i I, GS1-128 with a separator, GS1 DataMatrix', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.keyboard.press('Alt+6');
    await page.getByRole('button', { name: 'Scanner test sheet' }).click();
    const { codes } = await printed(page);
    const by = (format: string) => codes.find((c) => c.format === format)!;
    expect(by('EAN13')).toMatchObject({ text: '8690000000012', symbologyIdentifier: ']E0' });
    expect(by('Code128')).toMatchObject({ text: "Ti-*iI'7", symbologyIdentifier: ']C0' });
    const gs1128 = codes.find((c) => c.symbologyIdentifier === ']C1')!;
    expect(gs1128.text).toBe('0109506000134352' + '10LOT-7\u001d21SN1'); // FNC1 after the variable lot
    expect(readScan(`]C1${gs1128.text}`)).toMatchObject({
      kind: 'gs1',
      elements: [
        { ai: '01', value: '09506000134352' },
        { ai: '10', value: 'LOT-7' },
        { ai: '21', value: 'SN1' },
      ],
    });
    const dm = by('DataMatrix');
    expect(dm.symbologyIdentifier).toBe(']d2');
    expect(readScan(`]d2${dm.text}`)).toMatchObject({
      kind: 'gs1',
      elements: [{ ai: '01' }, { ai: '17' }, { ai: '10', value: 'AB12' }, { ai: '21', value: 'X9' }],
    });
  });
});
