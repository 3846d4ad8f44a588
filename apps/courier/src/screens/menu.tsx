import type { CourierAccount } from "@storefront/domain/contract";
import { LANGUAGE_NAMES, type Locale, SUPPORTED_LOCALES } from "@storefront/domain/locales";
import { useWords } from "../lib/i18n.ts";
import { BigButton, Ltr, Notice, ScreenTitle } from "./parts.tsx";

/** The courier's menu: who is signed in, the shift's report, the app's language, signing out. */
export function Menu({
  courier,
  waitingActions,
  onBack,
  onReport,
  onLocale,
  onSignOut,
}: {
  courier: CourierAccount;
  /** Actions taken offline and not sent yet: signing out would lose them. */
  waitingActions: number;
  onBack: () => void;
  onReport: () => void;
  onLocale: (locale: Locale) => void;
  onSignOut: () => void;
}) {
  const { t, locale } = useWords();
  return (
    <section className="flex flex-col gap-5 p-4">
      <ScreenTitle title={t("menu.title")} onBack={onBack} />
      <p className="flex flex-col">
        <span className="text-xl font-bold">{courier.name}</span>
        <Ltr>{courier.phone}</Ltr>
      </p>
      <BigButton look="secondary" onClick={onReport}>
        {t("report.title")}
      </BigButton>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-xl font-bold">{t("menu.language")}</legend>
        {/* Two columns where every language's name fits beside its button (390 px and wider), else one. */}
        <div className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-2">
          {SUPPORTED_LOCALES.map((code) => (
            <label
              key={code}
              lang={code}
              className={`flex min-h-12 items-center gap-2 rounded-xl border-2 px-2.5 font-semibold ${
                code === locale ? "border-brand bg-surface" : "border-line"
              }`}
            >
              <input
                type="radio"
                name="language"
                value={code}
                checked={code === locale}
                onChange={() => onLocale(code)}
                className="size-6 shrink-0 accent-[var(--brand)]"
              />
              {LANGUAGE_NAMES[code]}
            </label>
          ))}
        </div>
      </fieldset>
      {waitingActions > 0 ? <Notice tone="warn">{t("menu.signOutWaits")}</Notice> : null}
      <BigButton look="secondary" disabled={waitingActions > 0} onClick={onSignOut}>
        {t("menu.signOut")}
      </BigButton>
    </section>
  );
}
