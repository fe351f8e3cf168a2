import type { Page } from '@playwright/test';
import { expect, signInToSandbox, test } from './fixtures';

test.use({ sandboxOptions: { packages: 300, returns: 40, seed: 41, days: 20 } });

/** The contract calls the page itself sent (a worker's requests are in the worker's own timeline). */
const callsFromPage = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/api/invoke/')),
  );

async function syncAndPage(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('last-sync')).toContainText('300 orders and 40 returns');
  // The list counted again after the sync (it may lag the sync's summary on a loaded machine: a
  // scroll made before it was clamped to the rows it had).
  await expect(page.getByText('340 packages', { exact: true })).toBeVisible();
  const list = page.getByTestId('package-list');
  // Far down the list: rows of a later page, fetched as it scrolls.
  await list.evaluate((el) => (el.scrollTop = 250 * 72));
  await expect(list.getByRole('listitem').filter({ hasText: 'Loading…' })).toHaveCount(0);
  await expect(list.getByRole('listitem').first()).toHaveAttribute('data-index', /^2[0-9]{2}$/);
}

test('the page sends its calls through the transport worker: none is fetched on the UI thread', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await syncAndPage(page);
  expect(await callsFromPage(page)).toEqual([]);
});

test('where the transport worker cannot start, the calls are fetched by the page and the app works', async ({ page, app }) => {
  await page.route(/\/invoke\.worker-[^/]*\.js$/, (route) => route.abort());
  // The page loaded before the route: loaded again, its worker cannot start.
  await page.reload();
  await signInToSandbox(page, app);
  await syncAndPage(page);
  const calls = await callsFromPage(page);
  expect(calls).toContain('/api/invoke/packages.sync');
  expect(calls).toContain('/api/invoke/packages.search');
});
