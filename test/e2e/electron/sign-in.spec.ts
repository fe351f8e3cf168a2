import { _electron as electron, expect, test } from '@playwright/test';
import { join } from 'node:path';
import { createSandbox } from '../../../src/main/sandbox/server';
import { tempDir } from '../../support/temp';
import { electronAvailability } from './availability';

const root = join(import.meta.dirname, '../../..');
const { binaryInstalled, built } = electronAvailability(root);
const skipReason = !binaryInstalled
  ? 'no Electron binary in node_modules/electron on this machine'
  : 'the app is not built (run "npm run build")';

/**
 * The same sign-in as the web-host spec, through the real Electron app (preload, IPC, sandboxed
 * window). Runs wherever an Electron binary is installed and the app is built (`npm run build`);
 * on machines without one (CI here: the binary comes from GitHub) it is skipped and says so.
 */
test.describe('electron app', () => {
  test.skip(!binaryInstalled || !built, `SKIPPED: ${skipReason}`);

  test('signs in to the sandbox through IPC, refuses a wrong password', async () => {
    const sandbox = await createSandbox();
    const data = tempDir('wd-electron-');
    const app = await electron.launch({ args: [join(root, 'out/main/index.js')], env: { ...process.env, WD_DATA_DIR: data.dir } });
    try {
      const page = await app.firstWindow();
      // Sandboxed, isolated renderer: no Node, no ipcRenderer, only the contract's functions.
      const exposure = await page.evaluate(() => {
        const w = globalThis as unknown as { require?: unknown; process?: unknown; api?: Record<string, unknown> };
        return { require: typeof w.require, process: typeof w.process, api: Object.keys(w.api ?? {}) };
      });
      expect(exposure.require).toBe('undefined');
      expect(exposure.process).toBe('undefined');
      expect(exposure.api).toContain('session.signIn');
      expect(exposure.api).not.toContain('ipcRenderer');
      await page.getByRole('button', { name: /Connections…|Bağlantılar…/ }).click();
      await page.getByLabel(/Language|Dil/).selectOption('en');
      await page.getByRole('button', { name: 'New connection' }).click();
      await page.getByLabel('Name').fill('Sandbox');
      await page.getByLabel('Order service (OMS) address').fill(sandbox.url);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByLabel('User name', { exact: true }).fill('demo');
      await page.getByLabel('Password', { exact: true }).fill('wrong');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText('User name or password is wrong.');
      await page.getByLabel('Password', { exact: true }).fill('demo1234');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('navigation')).toBeVisible();
    } finally {
      await app.close();
      await sandbox.close();
      data.cleanup();
    }
  });
});
