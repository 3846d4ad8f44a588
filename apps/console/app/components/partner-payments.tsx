import type { AdminPartner, PartnerPayments } from "@storefront/domain/contract";
import { STRIPE_WEBHOOK_PATH } from "@storefront/domain/endpoints";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { PaymentsAnswer, PaymentsField, PaymentsProblem } from "../lib/payments-answer.ts";
import { Field, Notice } from "./form-parts.tsx";
import { PartnerBackForm } from "./partner-back-form.tsx";

const PROBLEMS: Record<PaymentsProblem, MessageKey> = {
  secretKey: "admin.payments.error.secretKey",
  webhookSecret: "admin.payments.error.webhookSecret",
  noKeysSecret: "admin.payments.error.noKeysSecret",
  unknownPartner: "admin.payments.error.unknownPartner",
  failed: "admin.payments.error.failed",
};

/**
 * The processor in the operator's words: its own account (its keys unopenable here leave it cash
 * only), or the deployment's.
 */
function processorOf(payments: PartnerPayments): MessageKey {
  if (payments.account === "own")
    return payments.provider === "stripe" ? "admin.payments.own" : "admin.payments.ownClosed";
  if (payments.provider === "stripe") return "admin.payments.stripe";
  if (payments.provider === "sandbox") return "admin.payments.sandbox";
  return "admin.payments.none";
}

/** The partner's card payments, on a row of its own under its row of the partners' table. */
export function PartnerPaymentsRow(props: {
  partner: AdminPartner;
  payments: PartnerPayments | undefined;
  answer: PaymentsAnswer | null;
}) {
  const { payments } = props;
  if (!payments) return null;
  return (
    <tr>
      <td colSpan={6} className="pb-3">
        <PartnerPaymentsPart {...props} payments={payments} />
      </td>
    </tr>
  );
}

/**
 * A partner's card payments on the operator's page: the processor it uses, its cities left cash
 * only, the form giving it its own Stripe account, and the way back to the deployment's processor.
 * `answer` is the last answer of these forms, whichever partner it was for.
 */
function PartnerPaymentsPart({
  partner,
  payments,
  answer,
}: {
  partner: AdminPartner;
  payments: PartnerPayments;
  answer: PaymentsAnswer | null;
}) {
  const t = useT();
  const mine = answer?.code === partner.code ? answer : null;
  const refused = mine?.done === "payments-refused" ? mine : null;
  return (
    <section
      aria-label={t("admin.payments.of", { name: partner.name })}
      className="grid gap-2 rounded-xl bg-surface p-3 text-sm"
    >
      <h3 className="font-semibold">{t("admin.payments.title")}</h3>
      <p>{t(processorOf(payments), { hint: payments.keyHint ?? "" })}</p>
      {payments.cashOnlyCities.length > 0 ? (
        <ul className="grid gap-0.5 text-ink-soft">
          {payments.cashOnlyCities.map((city) => (
            <li key={city.localityCode}>
              {t(payments.provider === "none" ? "admin.payments.cashOnlyNone" : "admin.payments.cashOnly", {
                city: city.name,
                currency: city.currencyCode,
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {mine?.done === "payments" ? (
        <Notice tone="good">
          {t(mine.account === "own" ? "admin.payments.saved" : "admin.payments.removed", {
            name: mine.name,
          })}
        </Notice>
      ) : null}
      <OwnStripeForm partner={partner} answer={mine} refused={refused} />
      {payments.account === "own" ? (
        <PartnerBackForm
          partner={partner}
          intent="deployment-payments"
          question={t("admin.payments.useDeploymentQuestion", { name: partner.name })}
          label={t("admin.payments.useDeployment")}
        />
      ) : null}
    </section>
  );
}

/**
 * The partner's own Stripe keys, as password fields; the form empties once they are saved, as the
 * keys are never shown again. The webhook's address to enter in Stripe is the partner's own host's.
 */
function OwnStripeForm({
  partner,
  answer,
  refused,
}: {
  partner: AdminPartner;
  answer: PaymentsAnswer | null;
  refused: Extract<PaymentsAnswer, { done: "payments-refused" }> | null;
}) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.done === "payments") form.current?.reset();
  }, [answer]);
  const host = partner.hosts[0];
  const scheme = partner.address.startsWith("http://") ? "http" : "https";
  const idOf = (field: PaymentsField) => `${partner.code}-${field}`;
  const problem = refused ? t(PROBLEMS[refused.problem]) : null;
  const keyField = (field: PaymentsField, label: MessageKey, hint: MessageKey, pattern: string) => (
    <div className="grid gap-1">
      <Field
        name={field}
        id={idOf(field)}
        label={t(label)}
        hint={t(hint)}
        refused={refused?.field ?? null}
        type="password"
        autoComplete="off"
        spellCheck={false}
        required
        pattern={pattern}
        dir="ltr"
        aria-describedby={
          refused?.field === field ? `${idOf(field)}-hint ${idOf(field)}-error` : `${idOf(field)}-hint`
        }
        plainLabel
      />
      {refused?.field === field ? (
        <p id={`${idOf(field)}-error`} role="alert" className="text-red-800 text-sm">
          {problem}
        </p>
      ) : null}
    </div>
  );
  return (
    <details open={refused ? true : undefined} className="rounded-lg bg-white p-3 ring-1 ring-line">
      <summary className="cursor-pointer font-medium">{t("admin.payments.setOwn")}</summary>
      <Form ref={form} method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="own-stripe" />
        <input type="hidden" name="code" value={partner.code} />
        <input type="hidden" name="name" value={partner.name} />
        {keyField(
          "secretKey",
          "admin.payments.secretKey",
          "admin.payments.secretKeyHint",
          "(sk|rk)_(test|live)_\\w+",
        )}
        {keyField(
          "webhookSecret",
          "admin.payments.webhookSecret",
          "admin.payments.webhookSecretHint",
          "whsec_[\\w\\-]+",
        )}
        <p className="text-ink-soft sm:col-span-2">
          {host ? (
            <>
              {t("admin.payments.webhookUrl")}{" "}
              <code dir="ltr" className="break-all text-ink">
                {`${scheme}://${host}${STRIPE_WEBHOOK_PATH}`}
              </code>
            </>
          ) : (
            t("admin.payments.noHost")
          )}
        </p>
        {refused && refused.field === null ? (
          <div className="sm:col-span-2">
            <Notice tone="bad">{problem}</Notice>
          </div>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="justify-self-start rounded-lg bg-accent px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {t("admin.payments.save")}
        </button>
      </Form>
    </details>
  );
}
