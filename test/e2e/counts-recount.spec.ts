import { expect, signInToSandbox, test, unlockAdmin } from './fixtures';
import { axeViolations } from './axe';

test.describe('recount on variance (issue 18.3)', () => {
  test('a line above the variance threshold cannot be sent until recounted; the worker chooses the recount and it is sent', async ({
    page,
    app,
  }) => {
    await signInToSandbox(page, app);
    // A count of A-01 sent earlier: RAF-1 × 10.
    const call = async (method: string, input: unknown) => {
      const r = (await app.core.call(method as never, input as never)) as { ok: boolean; value?: unknown; error?: unknown };
      if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
      return r.value as { session: { id: number } };
    };
    const first = await call('counts.open', { storageCode: 'A-01' });
    await call('counts.scan', { sessionId: first.session.id, code: 'RAF-1', quantity: 10 });
    await call('counts.assign', { sessionId: first.session.id, code: 'RAF-1', own: true });
    await call('counts.push', { sessionId: first.session.id, zeroMissing: false, confirmed: false });

    // Settings → Counting: recount changes of at least 5 units and 20 %.
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await unlockAdmin(page);
    await page.getByLabel('Recount big changes before sending').check();
    await expect(page.getByLabel('Change of at least (units)')).toHaveValue('5');
    await expect(page.getByLabel('and at least (% of the last count)')).toHaveValue('20');
    await expect
      .poll(async () => ((await app.core.call('counts.options', {})) as { ok: true; value: { recount: boolean } }).value.recount)
      .toBe(true);

    await page.getByRole('navigation').getByRole('button', { name: 'Counts' }).click();
    await page.getByRole('button', { name: 'A-01' }).click();
    const scan = async (quantity: string, code: string) => {
      await page.getByTestId('next-quantity').fill(quantity);
      await page.getByTestId('manual-code').fill(code);
      await page.getByTestId('manual-code').press('Enter');
    };
    await scan('17', 'RAF-1');
    await expect(page.getByTestId('count-totals')).toContainText('17 units');

    await page.getByRole('button', { name: 'Review and send' }).click();
    await expect(page.getByTestId('recount-RAF-1')).toContainText('Recount: changed by +7 against the previous count');
    await expect(page.getByText('1 line must be recounted or decided before sending.')).toBeVisible();
    const send = page.getByRole('button', { name: /^Send 1 quantit/ });
    await expect(send).toBeDisabled();

    await page.getByRole('button', { name: 'Recount the marked lines' }).click();
    const banner = page.getByRole('region', { name: 'Recount' });
    await expect(banner).toContainText('RAF-1');
    await expect(banner).toContainText('not recounted yet');
    expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await scan('12', 'RAF-1');
    await expect(banner).toContainText('recounted 12');
    // The first count is unchanged.
    await expect(page.getByTestId('count-totals')).toContainText('17 units');
    await banner.getByRole('button', { name: 'Back to Review' }).click();

    await expect(page.getByTestId('recount-RAF-1')).toContainText('First count 17');
    await expect(page.getByTestId('recount-RAF-1')).toContainText('Recount 12');
    await expect(send).toBeDisabled();
    await page.getByRole('button', { name: 'Send the recount (12)' }).click();
    await expect(page.getByTestId('send-RAF-1')).toHaveText('12');
    // The change is that of what will be sent: 12 against 10 (it said +7, the first count's).
    await expect(page.getByTestId('change-RAF-1')).toHaveText('+2');
    await expect(send).toBeEnabled();
    await send.click();
    await expect
      .poll(
        async () => ((await app.admin('inventory')) as { items: { sku: string; qty: number }[] }).items.find((i) => i.sku === 'RAF-1')?.qty,
      )
      .toBe(12);
    // Recent counts lists the count with what it sent (12 units), not the first count's 17.
    await page.getByRole('button', { name: 'Count another storage code' }).click();
    const latest = page.getByTestId('count-history').getByRole('row').first();
    await expect(latest).toContainText('12 units');
    await expect(latest).not.toContainText('17 units');
  });
});
