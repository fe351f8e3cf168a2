import { readFileSync } from 'node:fs';
import { expect, signInToSandbox, test, unlockAdmin } from './fixtures';

test.describe('who and when of a count (issue 18.4)', () => {
  test('the export and the history carry worker, station and times; a second window cannot open the same count', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await unlockAdmin(page);
    await page.getByLabel('Station name of this PC').fill('DEPO-PC-3');
    await page.getByLabel('Station name of this PC').blur();
    await expect
      .poll(async () => ((await app.core.call('settings.get', {})) as { ok: true; value: { stationName: string } }).value.stationName)
      .toBe('DEPO-PC-3');
    await page.getByRole('navigation').getByRole('button', { name: 'Counts' }).click();
    await page.getByRole('button', { name: 'A-01' }).click();
    const code = page.getByTestId('manual-code');
    await code.fill('RAF-1');
    await code.press('Enter');
    await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');

    // A second window of this PC: the count of A-01 is refused there, with the reason; it may take it over.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await other.getByRole('button', { name: 'A-01' }).click();
    await expect(other.getByRole('alert')).toContainText('The count of A-01 is already open in another window of this PC');
    await other.getByRole('button', { name: 'Take the count over here' }).click();
    await expect(other.getByTestId('count-totals')).toContainText('1 unit');
    await other.close();
    // The first window's count was taken over (issue 46 item 5): it takes it back the same way.
    await page.getByRole('button', { name: 'Count another storage code' }).click();
    await page.getByRole('button', { name: 'A-01' }).click();
    await page.getByRole('button', { name: 'Take the count over here' }).click();
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '');
    const [head, row] = csv.trim().split('\r\n');
    expect(head).toBe(
      'Storage code;SKU;Barcode;Product;Counted;Counted by;Computer;Count started;Count ended;First scan;Last scan;Recount;Quantity chosen;Moved while counting;Choice for what moved;Sent',
    );
    expect(row).toMatch(/^A-01;RAF-1;[^;]*;[^;]*;1;demo;DEPO-PC-3;\d{4}-\d\d-\d\dT[^;]+;;\d{4}-[^;]+;\d{4}-[^;]+;;;;;$/);

    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByRole('button', { name: 'Send 1 quantity' }).click();
    await expect(page.getByTestId('push-item').first()).toHaveAttribute('data-state', 'sent');
    await page.getByRole('button', { name: 'Count another storage code' }).click();
    const history = page.getByTestId('count-history');
    await expect(history.getByRole('row').first()).toContainText('demo on DEPO-PC-3');
    await expect(history.getByRole('row').first()).toContainText(/Started .+, ended .+/);
  });
});
