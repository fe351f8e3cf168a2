import { packagesOf } from '../../src/main/core/packages/packages-repo';
import { PackageSync } from '../../src/main/core/packages/sync';
import { expect, signInToSandbox, test } from './fixtures';
import { axeViolations } from './axe';

test.use({ sandboxOptions: { packages: 300, returns: 0, seed: 18, days: 5 } });

test.describe('stock that moved during the count (issue 18.1)', () => {
  test('Review syncs first and shows the units that left while counting; the worker takes them into account', async ({ page, app }) => {
    await signInToSandbox(page, app);
    const ws = app.core.ctx.workspace();
    await new PackageSync(ws, app.core.ctx).run({ from: new Date(Date.now() - 6 * 86_400_000).toISOString() });
    // A SKU in two packages still waiting to be picked.
    const repo = packagesOf(ws);
    const bySku = new Map<string, { id: number; units: number }[]>();
    for (const { id } of ws.db.prepare<[], { id: number }>("SELECT id FROM packages WHERE kind = 'order' AND status = 'Created'").all())
      for (const l of repo.get('order', id).record.lines ?? [])
        if (l.sku) bySku.set(l.sku, [...(bySku.get(l.sku) ?? []), { id, units: l.quantity ?? 0 }]);
    const [sku, pkgs] = [...bySku].find(([, p]) => p.length >= 2)!;
    const two = pkgs.slice(0, 2);
    const units = two[0]!.units + two[1]!.units;

    await page.getByRole('button', { name: 'A-01' }).click();
    await page.getByTestId('next-quantity').fill('40');
    await page.getByTestId('manual-code').fill(sku);
    await page.getByTestId('manual-code').press('Enter');
    await expect(page.getByTestId('count-totals')).toContainText('40 units');
    for (const p of two) await app.admin('packages/status', { id: p.id, status: 'Picked' });

    await page.getByRole('button', { name: 'Review and send' }).click();
    await expect(page.getByText('Package statuses checked with the service just now.')).toBeVisible();
    await expect(page.getByTestId(`movement-${sku}`)).toContainText(`${units} units left in 2 packages while you were counting`);
    await expect(page.getByText('The service does not say which shelf an order was picked from', { exact: false })).toBeVisible();
    const send = page.getByRole('button', { name: /^Send 1 quantit/ });
    await expect(send).toBeDisabled();
    await page.getByRole('button', { name: `Take the movement into account (${40 - units})` }).click();
    await expect(page.getByTestId(`send-${sku}`)).toHaveText(String(40 - units));
    await page.screenshot({ path: test.info().outputPath('review-movement.png') });
    // The choice rows are reachable and named for assistive technology (no serious axe violation).
    expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await expect(page.getByRole('group', { name: `What to send for ${sku}` }).getByRole('button', { pressed: true })).toHaveText(
      `Take the movement into account (${40 - units})`,
    );
    await expect(send).toBeEnabled();
    await send.click();
    await expect
      .poll(async () => ((await app.admin('inventory')) as { items: { sku: string; qty: number }[] }).items.find((i) => i.sku === sku)?.qty)
      .toBe(40 - units);
  });
});
