import type { Input, MethodName, Output } from '../../src/shared/contract';
import { expect, signInToSandbox, test, unlockAdmin } from './fixtures';

test.describe('blind counts (issue 18.2)', () => {
  test('a blind count hides the last count’s quantities until Review; with blind counts off they show while counting', async ({
    page,
    app,
  }) => {
    await signInToSandbox(page, app);
    // A count of A-01 sent earlier: RAF-1 × 7.
    const call = async <M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>> => {
      const r = await app.core.call(method, input);
      if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
      return r.value;
    };
    const first = await call('counts.open', { storageCode: 'A-01' });
    await call('counts.scan', { sessionId: first.session.id, code: 'RAF-1', quantity: 7 });
    await call('counts.assign', { sessionId: first.session.id, code: 'RAF-1', own: true });
    await call('counts.push', { sessionId: first.session.id, zeroMissing: false, confirmed: false });

    await page.getByRole('button', { name: 'A-01' }).click();
    const code = page.getByTestId('manual-code');
    await code.fill('RAF-1');
    await code.press('Enter');
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
    const line = page.locator('.count-line[data-sku="RAF-1"]');
    await expect(line).toBeVisible();
    await expect(page.getByTestId('last-time')).toHaveCount(0);
    await expect(page.getByText('last time 7')).toHaveCount(0);

    await page.getByRole('button', { name: 'Review and send' }).click();
    const row = page.getByRole('table', { name: 'Counted lines' }).getByRole('row').filter({ hasText: 'RAF-1' });
    await expect(row.getByRole('cell').nth(3)).toHaveText('7');
    await expect(row.getByRole('cell').nth(4)).toHaveText('-6');

    // Blind counts off (Settings → Counting): the counting screen shows the last quantity.
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    // The people being audited cannot switch it off: it is behind the administrator PIN.
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Blind counts: hide the last count’s quantities while counting')).toHaveCount(0);
    await expect(page.getByLabel('Recount big changes before sending')).toHaveCount(0);
    await unlockAdmin(page);
    await page.getByLabel('Blind counts: hide the last count’s quantities while counting').uncheck();
    await expect
      .poll(async () => ((await app.core.call('counts.options', {})) as { ok: true; value: { blind: boolean } }).value.blind)
      .toBe(false);
    await page.getByRole('navigation').getByRole('button', { name: 'Counts' }).click();
    await expect(page.locator('.count-line[data-sku="RAF-1"]').getByTestId('last-time')).toHaveText('last time 7');
  });
});
