import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, signInToSandbox, test } from './fixtures';
import { scanAtWindow } from './keyboards';
import { tempDir } from '../support/temp';

test.use({ sandboxOptions: { packages: 10, returns: 5, seed: 31, days: 20 } });

type Rec = { id: number; orderNumber: string; cargoTrackingNumber: string };

/** The text of a PDF as poppler's pdftotext reads it (what a printer gets, not the preview). */
function pdfText(pdf: Buffer): string {
  const { dir, cleanup } = tempDir('wd-pdf-');
  try {
    const file = join(dir, 'sheet.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    cleanup();
  }
}

test('the printed inspection sheet holds the return: its text is in the PDF Chromium prints', async ({ page, app }) => {
  const r = (await app.admin('packages/record?id=900000')) as Rec;
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('last-sync')).toContainText('5 returns');
  await page.getByRole('navigation').getByRole('button', { name: 'Returns' }).click();
  await scanAtWindow(page, r.cargoTrackingNumber);
  const detail = page.getByRole('article', { name: `Return ${r.id}` });
  await expect(detail).toBeVisible();

  // The system print dialog is the PDF below: window.print() only marks the moment.
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await detail.getByRole('button', { name: 'Print inspection sheet' }).click();
  await expect(page.getByTestId('print-sheet')).toBeAttached();
  const text = pdfText(await page.pdf({ format: 'A4' }));
  expect(text).toContain(`Return inspection sheet — ${r.id}`);
  expect(text).toContain(r.orderNumber);
  expect(text).toContain(r.cargoTrackingNumber);
  // Only the sheet: not the app around it.
  expect(text).not.toContain('Sync now');
});
