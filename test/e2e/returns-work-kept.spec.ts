import { expect, signInToSandbox, test } from './fixtures';
import { scanAtWindow } from './keyboards';

test.use({ sandboxOptions: { packages: 20, returns: 20, seed: 31, days: 20 } });

/** A scan as a USB scanner sends it, dispatched in the page (keyboards.ts). */
const scan = scanAtWindow;

test('4: a line note, then "Reject the return" at once: both are saved, no conflict', async ({ page, app }) => {
  const rec = (await app.admin('packages/record?id=900003')) as { id: number; cargoTrackingNumber: string };
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('last-sync')).toContainText('20 returns');
  await page.getByRole('navigation').getByRole('button', { name: 'Returns' }).click();
  await scan(page, rec.cargoTrackingNumber);
  const detail = page.getByRole('article', { name: `Return ${rec.id}` });
  await expect(detail).toBeVisible();
  const note = detail
    .getByTestId('inspection-line')
    .first()
    .getByRole('textbox', { name: /^Note for/ });
  await note.fill('kutu ezik');
  // Leaving the note saves it; the click on Reject saves right behind it.
  await detail.getByText('Reject the return').click();
  await expect(detail.getByRole('radio', { name: 'Reject the return' })).toBeChecked();
  await expect(detail.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(async () => {
      const r = await app.core.call('returns.get', { id: rec.id });
      return r.ok ? [r.value.inspection?.recommendation, r.value.inspection?.lines[0]?.note] : null;
    })
    .toEqual(['reject', 'kutu ezik']);
});
