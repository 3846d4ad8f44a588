import { MAIN_ID } from "../lib/focus.ts";
import { useT } from "../lib/i18n.ts";

/**
 * The page's first stop for the keyboard (WCAG 2.4.1): out of sight until it has the focus, then
 * over the header's start; it leads past the header to the main content.
 */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-[60] focus:rounded-full focus:bg-white focus:px-5 focus:py-3 focus:font-semibold focus:text-ink focus:shadow-lg"
    >
      {t("common.skipToContent")}
    </a>
  );
}
