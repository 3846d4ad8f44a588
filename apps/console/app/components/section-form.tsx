import { LANGUAGE_NAMES, type Locale, type LocalizedText } from "@storefront/domain";
import { type FormEvent, useId, useState } from "react";
import { ConsoleApiError } from "../lib/api.ts";
import { useT } from "../lib/i18n.ts";
import { Notice, SubmitButton } from "./form-parts.tsx";
import { LocalizedInput } from "./localized-input.tsx";

/** A section's name in every language, typed to add a section or rename one. */
export function SectionForm({
  lang,
  names,
  label,
  submitLabel,
  onSave,
  onCancel,
}: {
  lang: Locale;
  names: LocalizedText;
  label: string;
  submitLabel: string;
  onSave: (names: LocalizedText) => Promise<void>;
  onCancel?: () => void;
}) {
  const t = useT();
  const [value, setValue] = useState(names);
  const [state, setState] = useState<{ busy: boolean; refused: Locale | null }>({
    busy: false,
    refused: null,
  });
  const id = useId();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setState({ busy: true, refused: null });
    try {
      await onSave(value);
      setState({ busy: false, refused: null });
    } catch (error) {
      const field = error instanceof ConsoleApiError ? String(error.body.details?.[0]?.field ?? "") : "";
      setState({ busy: false, refused: field.startsWith("name.") ? (field.slice(5) as Locale) : lang });
    }
  };
  return (
    <form onSubmit={save} className="grid gap-2 rounded-xl bg-white p-3 ring-1 ring-line" aria-label={label}>
      <LocalizedInput
        id={`${id}-name`}
        label={label}
        lang={lang}
        value={value}
        onChange={setValue}
        maxLength={80}
        invalid={state.refused}
      />
      {state.refused ? (
        <Notice tone="bad">{t("menuEditor.error.name", { language: LANGUAGE_NAMES[state.refused] })}</Notice>
      ) : null}
      <div className="flex gap-2">
        <SubmitButton busy={state.busy} wide={false}>
          {submitLabel}
        </SubmitButton>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="rounded-lg border border-line px-4 py-2">
            {t("menus.cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
