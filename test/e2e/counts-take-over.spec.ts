import { resources } from '../../src/shared/i18n';
import { expect, signInToSandbox, test } from './fixtures';

type Detail = { ok: true; value: { session: { totalUnits: number } } };

/**
 * Issue 46 item 5: B-01 open in window 1, taken over in window 2, scanned in both. Window 1 used to
 * keep counting, and both showed stale totals (6 shown, 7 stored). After a take-over the old window
 * refuses the scan with the reason and shows what is stored. Turkish and English, at 1024×768.
 */
for (const language of ['tr', 'en'] as const) {
  test.describe(language, () => {
    test.use({ language, viewport: { width: 1024, height: 768 } });
    const L = resources[language];
    const units = (n: number) => (language === 'en' ? `${n} units` : `${n} adet`);
    const takenOver = L.errors.reasons.count_taken_over.replaceAll('{{storageCode}}', 'B-01');

    test('after a take-over the old window refuses scans with the reason and shows the stored totals', async ({ page, app }) => {
      await signInToSandbox(page, app, ['B-01'], language);
      await page.getByRole('button', { name: 'B-01' }).click();
      const scan = async (p: typeof page, code: string) => {
        await p.getByTestId('manual-code').fill(code);
        await p.getByTestId('manual-code').press('Enter');
        await expect(p.getByTestId('manual-code')).toHaveValue('');
      };
      await scan(page, 'RAF-1');
      await page.getByTestId('last-scan').getByRole('button', { name: L.counts.last.own }).click();
      for (let i = 0; i < 5; i++) await scan(page, 'RAF-1');
      await expect(page.getByTestId('count-totals')).toContainText(units(6));
      const history = (await app.core.call('counts.history', { storageCode: 'B-01', limit: 1 })) as { ok: true; value: { id: number }[] };
      const id = history.value[0]!.id;

      const other = await page.context().newPage();
      await other.goto(page.url());
      await other.getByRole('button', { name: 'B-01' }).click();
      await other.getByRole('button', { name: L.counts.history.takeOver }).click();
      await expect(other.getByTestId('count-totals')).toContainText(units(6));
      // Window 1 is told at once, before anything is scanned there.
      await expect(page.getByRole('alert').filter({ hasText: takenOver })).toBeInViewport();
      await expect(page.getByTestId('manual-code')).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`taken-over-notice-${language}-1024x768.png`) });
      await scan(other, 'RAF-1');
      await expect(other.getByTestId('count-totals')).toContainText(units(7));

      // The old window: refused, with the reason, and the stored total shown.
      await scan(page, 'RAF-1');
      const card = page.getByTestId('last-scan');
      await expect(card).toHaveAttribute('data-outcome', 'failed');
      await expect(card).toContainText(takenOver);
      await expect(page.getByTestId('count-totals')).toContainText(units(7));
      expect(((await app.core.call('counts.get', { sessionId: id })) as Detail).value.session.totalUnits).toBe(7);
      // The reason and the scanning column are in view at 1024×768.
      await expect(card.getByText(takenOver)).toBeInViewport();
      await expect(page.getByTestId('manual-code')).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`taken-over-${language}-1024x768.png`) });

      // The window that holds it counts on and shows what is stored.
      await scan(other, 'RAF-1');
      await expect(other.getByTestId('count-totals')).toContainText(units(8));
      expect(((await app.core.call('counts.get', { sessionId: id })) as Detail).value.session.totalUnits).toBe(8);
    });
  });
}
