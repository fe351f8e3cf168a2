import type { Page } from '@playwright/test';
import { expect, signInToSandbox, test } from './fixtures';

test.use({ sandboxOptions: { packages: 300, returns: 300, seed: 43, days: 20 } });

/** The next first-page search of `method` (a list's refresh starts over from its first page). */
const nextRefresh = (page: Page, method: string) =>
  page.waitForRequest(
    (r) => r.url().endsWith(`/api/invoke/${method}`) && (JSON.parse(r.postData() ?? '{}') as { offset?: number }).offset === 0,
  );

test('a list scrolled far down shows its rows again after a sync refreshes it, not empty rows for good', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('last-sync')).toContainText('300 orders and 300 returns');

  for (const [screen, testId, method] of [
    ['Packages', 'package-list', 'packages.search'],
    ['Returns', 'return-list', 'returns.list'],
  ] as const) {
    await page.getByRole('navigation').getByRole('button', { name: screen }).click();
    const list = page.getByTestId(testId);
    // A row whose page is not in yet: "Loading…" in Packages, an empty row in Returns.
    const waiting = screen === 'Packages' ? list.getByRole('listitem').filter({ hasText: 'Loading…' }) : list.locator('.hint');
    await expect(list.getByRole('listitem').first()).toBeVisible();
    // At the end of the list: rows of its third page or later.
    await expect
      .poll(() => list.evaluate((el) => ((el.scrollTop = el.scrollHeight - el.clientHeight), el.scrollTop > 200 * 60)))
      .toBe(true);
    await expect(waiting, screen).toHaveCount(0);
    await expect(list.getByRole('listitem').first()).toBeVisible();

    // Another sync, started by the core (as `wd sync` would; the screen stays open): the list is
    // searched again from its first page while it stays scrolled down.
    const refreshed = nextRefresh(page, method);
    expect((await app.core.call('packages.sync', {})).ok).toBe(true);
    await refreshed;
    expect(await list.evaluate((el) => el.scrollTop > 200 * 60)).toBe(true);
    await expect(waiting, `${screen} after the refresh`).toHaveCount(0);
    await expect(list.getByRole('listitem').first()).toBeVisible();
  }
});
