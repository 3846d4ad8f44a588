import { endpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { clientSend } from "../lib/api.client.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { useTypedBeforeLive } from "../lib/typed-before-live.ts";
import { StateButton, useButtonState } from "./state-button.tsx";

/** Sends the order's invoice to an e-mail address (the customer's by default). */
export function InvoiceEmailForm({ orderId }: { orderId: number }) {
  const t = useT();
  const locale = useLocale();
  const { client, user } = useStorefront();
  const [email, setEmail] = useState(user?.email ?? "");
  const emailField = useTypedBeforeLive<HTMLInputElement>(email, setEmail);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [state, setState] = useButtonState();
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
          return setResult({ ok: false, text: t("checkout.emailInvalid") });
        setState("loading");
        const sent = await clientSend(client, endpoints.customer.emailInvoice(orderId), locale, {
          email: email.trim(),
        });
        setState(sent.ok ? "complete" : "ready");
        setResult(
          sent.ok
            ? { ok: true, text: t("invoice.sent", { email: email.trim() }) }
            : {
                ok: false,
                text: t(
                  sent.error?.details?.some((detail) => detail.field === "email")
                    ? "checkout.emailInvalid"
                    : "alert.somethingWentWrong",
                ),
              },
        );
      }}
    >
      <label htmlFor="invoice-email" className="font-semibold">
        {t("invoice.byEmail")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="invoice-email"
          ref={emailField}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setResult(null);
          }}
          className="min-h-12 min-w-0 flex-1 rounded-2xl border border-line px-4 focus:border-brand"
        />
        <StateButton
          type="submit"
          state={state}
          className="min-h-12 rounded-2xl bg-ink px-5 font-medium text-white"
        >
          {t("invoice.send")}
        </StateButton>
      </div>
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`text-sm ${result.ok ? "text-green-700" : "text-red-700"}`}
        >
          {result.text}
        </p>
      )}
    </form>
  );
}
