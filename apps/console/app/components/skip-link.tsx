import { focusMain } from "../lib/focus.ts";
import { useT } from "../lib/i18n.ts";

/**
 * The screen's first stop for the keyboard (WCAG 2.4.1): out of sight until it has the focus, then
 * over the header's start; it leads past the header and its sections to the main content.
 */
export function SkipLink() {
  const t = useT();
  return (
    // biome-ignore lint/a11y/useValidAnchor: it is page navigation; the script only finds the target, as a screen's <main> has no id
    <a
      href="#main"
      onClick={(event) => {
        if (focusMain()) event.preventDefault();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2.5 focus:font-semibold focus:text-ink focus:shadow-lg"
    >
      {t("header.skipToContent")}
    </a>
  );
}
