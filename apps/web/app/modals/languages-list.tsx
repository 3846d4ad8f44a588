import { useLocation, useNavigate } from "react-router";
import { LANGUAGE_SWITCH_DELAY_MS, LanguageChoice } from "../components/language-choice.tsx";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { useT } from "../lib/i18n.ts";
import { switchLocaleHref } from "../lib/languages.ts";

/** The language list: choosing one switches the locale and closes 100 ms later. */
export default function LanguagesList() {
  const t = useT();
  const close = useCloseModal();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Modal title={t("languages.title")} onClose={close}>
      <div className="p-3">
        <LanguageChoice
          onChoose={(code) =>
            window.setTimeout(() => navigate(switchLocaleHref(location, code)), LANGUAGE_SWITCH_DELAY_MS)
          }
        />
      </div>
    </Modal>
  );
}
