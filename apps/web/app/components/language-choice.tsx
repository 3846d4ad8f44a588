import { type Locale, SUPPORTED_LOCALES } from "@storefront/domain";
import { useHydrated } from "../lib/hydrated.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { LANGUAGE_NAMES } from "../lib/languages.ts";

/** The languages as a radio list, each by its own name; `onChoose` runs when one is picked. */
export function LanguageChoice({ onChoose }: { onChoose: (locale: Locale) => void }) {
  const t = useT();
  const locale = useLocale();
  // A choice works by script alone: until the list's scripts have run, a tap would tick the radio
  // and change nothing (a list opened by its link is drawn by the server before its module loads).
  const live = useHydrated();
  return (
    <fieldset className="grid gap-1">
      <legend className="sr-only">{t("languages.title")}</legend>
      {SUPPORTED_LOCALES.map((code) => (
        <label
          key={code}
          lang={code}
          className="has-[:checked]:bg-brand-soft flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-3 hover:bg-black/5"
        >
          <input
            type="radio"
            name="language"
            value={code}
            defaultChecked={code === locale}
            disabled={!live}
            className="size-5 accent-[var(--brand)]"
            onChange={() => onChoose(code)}
          />
          <span className="text-base">{LANGUAGE_NAMES[code]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The language list closes this long after a choice (section 9). */
export const LANGUAGE_SWITCH_DELAY_MS = 100;
