import fs from "node:fs";
import { createRequire } from "node:module";

/**
 * Parts of Chromium's own window that a headless test or audit never shows, which Chromium 156
 * nevertheless makes for every new window (each Playwright context, each Lighthouse run): the
 * address bar's suggestion popup and its AI-mode variant, as WebUI pages in a renderer of their
 * own, loaded beforehand. On two cores they take the CPU the page under test needs: the
 * storefront's own main thread took 850-920 ms to load `/en/riga` beside them and 550-580 ms
 * without them, and two browser specs ran in 204-214 s instead of 241-247 s (docs/performance.md,
 * stop 75).
 */
export const UNSHOWN_BROWSER_UI = [
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
  "PreloadTopChromeWebUI",
];

const SWITCH = "--disable-features=";

/**
 * The flags with `features` added to their `--disable-features` switch, or to one of their own.
 * Chromium keeps only the last `--disable-features` of its command line, so a second one would
 * silently drop the first one's features.
 */
export function disablingFeatures(flags: readonly string[], features: readonly string[]): string[] {
  const at = flags.findIndex((flag) => flag.startsWith(SWITCH));
  const listed = at === -1 ? [] : (flags[at] as string).slice(SWITCH.length).split(",").filter(Boolean);
  const merged = `${SWITCH}${[...new Set([...listed, ...features])].join(",")}`;
  return at === -1 ? [...flags, merged] : flags.map((flag, index) => (index === at ? merged : flag));
}

/**
 * The features Playwright disables in every Chromium it launches. Playwright puts them in its own
 * `--disable-features` and adds the caller's flags after it, so a caller who disables more must name
 * Playwright's too; Playwright does not export the list (microsoft/playwright#36658), so it is read
 * from the installed playwright-core. Throws when it is not found there (a Playwright whose bundle
 * is laid out otherwise): this reading must then be brought up to date, rather than the browser
 * tests losing Playwright's own settings unseen.
 */
export function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = fs.readFileSync(require.resolve("playwright-core/lib/coreBundle"), "utf8");
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const features = [...(list ?? "").replace(/\/\/.*$/gm, "").matchAll(/"([A-Za-z0-9]+)"/g)].map(
    (match) => match[1] as string,
  );
  if (features.length === 0) {
    throw new Error(
      "Playwright's own list of disabled Chromium features was not found in playwright-core: " +
        "update e2e/chromium-features.ts for this Playwright",
    );
  }
  return features;
}
