import { chromium, type Browser } from 'playwright';
import { chromiumArgs } from '../support/chromium-args';

/**
 * Debian's Chromium (or WD_CHROMIUM) without its background work (nor the address bar's WebUI
 * renderers, test/support/chromium-args.ts), so it does not disturb the figures.
 */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.WD_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs });
}
