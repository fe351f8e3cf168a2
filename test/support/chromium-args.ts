/**
 * Chromium's switches for the end-to-end tests (playwright.config.ts).
 *
 * Chromium 156 opens two WebUI renderers per browser context for its address bar's popup
 * (chrome://omnibox-popup.top-chrome/ and its "AI mode" page), though these tests never show an
 * address bar. Measured side by side (10 sign-in tests, 1 worker, 2026-12-06): Chromium's
 * renderers 24.5-28.1 → 9.5-10.2 CPU-seconds, its browser process 9.6-10.6 → 5.7-6.2, i.e. about
 * 2 CPU-seconds a test. Turning these features off needs our own --disable-features, and Chromium
 * keeps only the last one it is given, so the list Playwright passes is repeated here first
 * (test/lint/chromium-args.test.ts fails when a Playwright update adds to it).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The address bar popup's WebUI pages, preloaded for every context. */
export const OMNIBOX_WEBUI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI_FEATURES].join(',')}`,
];
