import { SUPPORTED_LOCALES } from "@storefront/domain";
import { useLocation, useNavigate } from "react-router";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { useLocale, useT } from "../lib/i18n.ts";
import { LANGUAGE_NAMES, switchLocaleHref } from "../lib/languages.ts";

/** The language list: choosing one switches the locale and closes 100 ms later. */
export default function LanguagesList() {
  const t = useT();
  const locale = useLocale();
  const close = useCloseModal();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Modal title={t("languages.title")} onClose={close}>
      <fieldset className="p-3">
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
              className="size-5 accent-[var(--brand)]"
              onChange={() => window.setTimeout(() => navigate(switchLocaleHref(location, code)), 100)}
            />
            <span className="text-base">{LANGUAGE_NAMES[code]}</span>
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
