// What the browser tests' Chromium (test/support/browserWorker.ts) runs without; its own module, so that
// test/browser/chromium.test.ts can read it without loading the worker's dev server and Playwright.

/**
 * The features the worker's Chromium runs without. Chromium honours only the last --disable-features switch on
 * its command line, so this one repeats the features Playwright turns off (its own switch comes first) and adds
 * two of ours: every new window (one per browser context, so one per page a test opens) otherwise starts a
 * renderer for the address bar's popup, which a headless window never shows. A fresh preview page took 1.9 to 2.6
 * CPU-s with it and 1.2 to 1.3 without (README, Test run time). test/browser/chromium.test.ts fails when
 * Playwright turns off a feature this list lacks, and when the popup's renderer comes back.
 */
export const DISABLED_FEATURES = [
  // Playwright 1.65's (playwright-core, chromiumSwitches)
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  // Ours: the address bar's popup, as a page of its own (chrome://omnibox-popup.top-chrome)
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];
