import { endpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { StateButton } from "../components/state-button.tsx";
import { clientSend } from "../lib/api.client.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useNextSignInStep } from "../lib/sign-in-steps.ts";
import { useStorefront } from "../lib/storefront.ts";

/** Asks a signed-in customer without a name for one. */
export default function AuthNameModal() {
  const t = useT();
  const locale = useLocale();
  const close = useCloseModal();
  const revalidator = useRevalidator();
  const nextStep = useNextSignInStep();
  const { client, customerPrefill } = useStorefront();
  // Rule 8: a partner's link may name the customer.
  const [name, setName] = useState(customerPrefill?.name ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal title={t("auth.name.title")} onClose={close}>
      <form
        className="grid gap-4 p-5"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!name.trim()) return setError(t("form.required"));
          setBusy(true);
          const sent = await clientSend(client, endpoints.customer.update(), locale, {
            name: name.trim(),
          });
          setBusy(false);
          if (!sent.ok) return setError(t("auth.toast.oops"));
          await revalidator.revalidate();
          await nextStep(sent.body, close);
        }}
      >
        <label className="grid gap-1.5">
          <span className="font-medium">{t("auth.name.label")}</span>
          <input
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            autoComplete="given-name"
            maxLength={100}
            dir="auto"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "name-error" : undefined}
            className="min-h-12 rounded-2xl border border-line px-4 text-lg text-match-parent focus:border-brand"
          />
        </label>
        {error && (
          <p id="name-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <StateButton
          type="submit"
          state={busy ? "loading" : "ready"}
          className="min-h-12 rounded-full bg-brand font-medium text-brand-ink"
        >
          {t("auth.name.save")}
        </StateButton>
      </form>
    </Modal>
  );
}
