/**
 * Issue 46 item 9: a write the service refuses says what the service said (the only thing that
 * names the wrong SKU or storage code), in the worker's language around it, on the count's sending
 * screen and in the Outbox; and each try's answer stays in the write's history after a resend.
 * Before, the screen said only "Servis bunu kabul etmedi (cevap kodu 400)." and the service's words
 * were in the raw JSON and an English line under Technical details; a resend overwrote the answer.
 */
import { expect, signInToSandbox, test } from './fixtures';

test.use({ language: 'tr', viewport: { width: 1024, height: 768 } });

const SAID = 'Servisin cevabı: “Bazı ürünler bulunamadı: RAF-9 ürünü bulunamadı”';

test('a refusal shows the service’s words on the count and in the Outbox; every try’s answer is kept after sending again', async ({
  page,
  app,
}) => {
  await signInToSandbox(page, app, ['A-01'], 'tr');
  await app.admin('inventory/unknown-skus', { skus: ['RAF-9'] });
  await page.getByRole('button', { name: 'A-01' }).click();
  const code = page.getByTestId('manual-code');
  await code.fill('RAF-9');
  await code.press('Enter');
  await page.getByTestId('last-scan').getByRole('button', { name: 'Kendi SKU’su olarak say' }).click();
  await page.getByRole('button', { name: 'Kontrol et ve gönder' }).click();
  await page.getByRole('button', { name: '1 ürünün sayısını gönder' }).click();

  // The count's sending screen: the refusal, with the service's own words in view (not folded away).
  const batch = page.getByTestId('push-item');
  await expect(batch).toHaveAttribute('data-state', 'failed');
  const alert = batch.getByRole('alert');
  await expect(alert).toContainText(SAID);
  await expect(alert.getByText(SAID)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('refused-count-tr-1024x768.png') });

  // The Outbox: the same words in the list's row, without opening it, and in the write's detail.
  await page.getByRole('navigation').getByRole('button', { name: 'Gönderimler' }).click();
  const row = page.getByTestId('outbox-row');
  await expect(row.getByTestId('outbox-row-error')).toHaveText('Servis: “Bazı ürünler bulunamadı: RAF-9 ürünü bulunamadı”');
  await page.screenshot({ path: test.info().outputPath('outbox-row-tr-1024x768.png') });
  await row.getByRole('button', { name: /Aç/ }).click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('alert').getByText(SAID)).toBeVisible();

  // The product is added on the service; sent again, it is accepted. The refusal stays in the history.
  await app.admin('inventory/unknown-skus', { skus: [] });
  await detail.getByRole('button', { name: 'Yeniden gönder' }).click();
  // Accepted, it leaves the list of writes not yet gone: all writes are listed, and it is opened again.
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox').first().selectOption({ label: 'Hepsi' });
  await row.getByRole('button', { name: /Aç/ }).click();
  const tries = page.getByTestId('outbox-answers').getByRole('listitem');
  await expect(tries).toHaveCount(2);
  await expect(tries.nth(0)).toContainText('1. deneme');
  await expect(tries.nth(0)).toContainText(SAID);
  await expect(tries.nth(1)).toContainText('2. deneme');
  await expect(tries.nth(1)).toContainText('kabul edildi');
  await page.screenshot({ path: test.info().outputPath('outbox-tries-tr-1024x768.png') });
});
