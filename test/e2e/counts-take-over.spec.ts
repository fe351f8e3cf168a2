import { expect, signInToSandbox, test } from './fixtures';

type Detail = { ok: true; value: { session: { totalUnits: number } } };

/**
 * Issue 46 item 5: B-01 open in window 1, taken over in window 2, scanned in both. Window 1 used to
 * keep counting, and both showed stale totals (6 shown, 7 stored). After a take-over the old window
 * refuses the scan with the reason and shows what is stored.
 */
test('after a take-over the old window refuses scans with the reason and shows the stored totals', async ({ page, app }) => {
  await signInToSandbox(page, app, ['B-01']);
  await page.getByRole('button', { name: 'B-01' }).click();
  const scan = async (p: typeof page, code: string) => {
    await p.getByTestId('manual-code').fill(code);
    await p.getByTestId('manual-code').press('Enter');
  };
  await scan(page, 'RAF-1');
  await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
  for (let i = 0; i < 5; i++) await scan(page, 'RAF-1');
  await expect(page.getByTestId('count-totals')).toContainText('6 units');
  const id = ((await app.core.call('counts.history', { storageCode: 'B-01', limit: 1 })) as { ok: true; value: { id: number }[] }).value[0]!
    .id;

  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByRole('button', { name: 'B-01' }).click();
  await other.getByRole('button', { name: 'Take the count over here' }).click();
  await expect(other.getByTestId('count-totals')).toContainText('6 units');
  await scan(other, 'RAF-1');
  await expect(other.getByTestId('count-totals')).toContainText('7 units');

  // The old window: refused, with the reason, and the stored total shown.
  await scan(page, 'RAF-1');
  const card = page.getByTestId('last-scan');
  await expect(card).toHaveAttribute('data-outcome', 'failed');
  await expect(card).toContainText('The count of B-01 was taken over by another window of this PC');
  await expect(page.getByTestId('count-totals')).toContainText('7 units');
  expect(((await app.core.call('counts.get', { sessionId: id })) as Detail).value.session.totalUnits).toBe(7);

  // The window that holds it counts on and shows what is stored.
  await scan(other, 'RAF-1');
  await expect(other.getByTestId('count-totals')).toContainText('8 units');
  expect(((await app.core.call('counts.get', { sessionId: id })) as Detail).value.session.totalUnits).toBe(8);
});
