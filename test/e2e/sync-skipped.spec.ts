import { expect, signInToSandbox, test } from './fixtures';

/**
 * A record the service sends garbled is skipped by the sync, not its page: the Packages screen
 * says so in Turkish and names it, the rest of its page is found; once the service sends it
 * readable again, a sync from the screen takes it and the note goes.
 */
// 30 orders over 20 days: one page (the profile's 100 a page), all inside the first sync's 30 days.
test.use({ sandboxOptions: { packages: 30, returns: 0, seed: 5, days: 20 }, language: 'tr', viewport: { width: 1024, height: 768 } });

type Rec = { id: number; orderNumber: string };

test('a garbled order is skipped and named, the rest of its page is found; fixed at the service, a sync takes it', async ({
  page,
  app,
}) => {
  const garbled = (await app.admin('packages/record?id=500007')) as Rec;
  const neighbour = (await app.admin('packages/record?id=500012')) as Rec;
  await app.admin('packages/garble', { id: garbled.id, how: 'no_id' });

  await signInToSandbox(page, app, ['A-01'], 'tr');
  await page.keyboard.press('Alt+2');
  const search = page.getByRole('searchbox', { name: 'Paket ara' });
  await expect(search).toBeFocused();
  // The first sync (the background one, shortly after sign-in) is done: the other 29 are here.
  const lastSync = page.getByTestId('last-sync');
  await expect(lastSync).toContainText('Son eşitleme:', { timeout: 30_000 });
  await expect(lastSync).toContainText('Bu bilgisayarda 29 sipariş ve 0 iade var');
  await expect(page.getByRole('button', { name: 'Şimdi eşitle' })).toBeEnabled();

  const note = page.getByTestId('sync-skipped');
  await expect(note).toBeVisible();
  const summary = note.locator('summary');
  await expect(summary).toHaveText('1 paket okunamadı ve atlandı; bir sonraki eşitlemede yeniden denenecek.');
  const which = note.getByRole('list', { name: 'Hangileri' });
  await expect(which).toBeHidden();
  await summary.click();
  await expect(which.getByRole('listitem')).toHaveCount(1);
  await expect(which.getByRole('listitem')).toHaveText(
    new RegExp(`^Sipariş, sayfa 1, kayıt \\d+, sipariş numarası ${garbled.orderNumber}: kullanılabilir paket numarası yok$`),
  );

  // The rest of its page is in the cache; the skipped one is not.
  await search.fill(neighbour.orderNumber);
  await search.press('Enter');
  await expect(page.getByTestId('result-count')).toContainText('tam kod');
  await expect(page.getByRole('article').getByText(String(neighbour.id), { exact: true }).first()).toBeVisible();
  await search.fill(garbled.orderNumber);
  await search.press('Enter');
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-query', garbled.orderNumber);
  await expect(page.getByText('Bu bilgisayarda eşleşen paket yok.', { exact: false })).toBeVisible();

  // Fixed at the service; a sync from the screen takes it and the note goes.
  await app.admin('packages/garble', { id: garbled.id, how: null });
  await page.getByRole('button', { name: 'Şimdi eşitle' }).click();
  await expect(lastSync).toContainText('Bu bilgisayarda 30 sipariş ve 0 iade var', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Şimdi eşitle' })).toBeEnabled();
  await expect(note).toHaveCount(0);
  await search.fill('');
  await search.fill(garbled.orderNumber);
  await search.press('Enter');
  await expect(page.getByTestId('result-count')).toContainText('tam kod');
  await expect(page.getByRole('article').getByText(String(garbled.id), { exact: true }).first()).toBeVisible();
});
