import { expect, signInToSandbox, test } from './fixtures';

test.use({ sandboxOptions: { packages: 20, returns: 5, seed: 3, days: 10 } });

test('a slow service shows the seconds a sync page has been waiting, then the sync finishes', async ({ page, app }) => {
  await signInToSandbox(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
  // Every answer of the service now takes 4 s: the bar says what it waits for and counts.
  await app.admin('config', { latencyMs: 4000 });
  await page.getByRole('button', { name: 'Sync now' }).click();
  const waiting = page.getByTestId('sync-waiting');
  await expect(waiting).toHaveText(/^Waiting for the service: page 1, [2-4] s of 30 s \(try 1\)$/);
  await app.admin('config', { latencyMs: 0 });
  await expect(page.getByTestId('last-sync')).toContainText('20 orders and 5 returns', { timeout: 60_000 });
  await expect(waiting).toHaveCount(0);
});
