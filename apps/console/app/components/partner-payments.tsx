import type { AdminPartner, PartnerPayments } from "@storefront/domain/contract";
import { STRIPE_WEBHOOK_PATH } from "@storefront/domain/endpoints";
import { useEffect, useRef } from "react";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { PaymentsAnswer, PaymentsField } from "../lib/payments-answer.ts";
import { Notice } from "./form-parts.tsx";
import { PartnerBackForm } from "./partner-back-form.tsx";
import { PartnerSettingForm, PartnerSettingRow, SettingField, useToldRefusal } from "./partner-setting.tsx";

const PROBLEMS: Record<PaymentsField, MessageKey> = {
  secretKey: "admin.payments.error.secretKey",
  webhookSecret: "admin.payments.error.webhookSecret",
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

/**
 * A partner's card payments on the operator's page: the processor it uses, its cities left cash
 * only, the form giving it its own Stripe account, and the way back to the deployment's processor.
 * `answer` is the last answer of these forms, whichever partner it was for.
 */
export function PartnerPaymentsRow({
  partner,
  payments,
  answer,
}: {
  partner: AdminPartner;
  payments: PartnerPayments | undefined;
  answer: PaymentsAnswer | null;
}) {
  const t = useT();
  if (!payments) return null;
  const mine = answer?.code === partner.code ? answer : null;
  return (
    <PartnerSettingRow
      label={t("admin.payments.of", { name: partner.name })}
      title={t("admin.payments.title")}
    >
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
      <OwnStripeForm partner={partner} answer={mine} />
      {payments.account === "own" ? (
        <PartnerBackForm
          partner={partner}
          intent="deployment-payments"
          question={t("admin.payments.useDeploymentQuestion", { name: partner.name })}
          label={t("admin.payments.useDeployment")}
        />
      ) : null}
    </PartnerSettingRow>
  );
}

/**
 * The partner's own Stripe keys, as password fields; the form empties once they are saved, as the
 * keys are never shown again. The webhook's address to enter in Stripe is the partner's own host's.
 */
function OwnStripeForm({ partner, answer }: { partner: AdminPartner; answer: PaymentsAnswer | null }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.done === "payments") form.current?.reset();
  }, [answer]);
  const refusal = useToldRefusal(answer?.done === "payments-refused" ? answer : null, PROBLEMS);
  const host = partner.hosts[0];
  const scheme = partner.address.startsWith("http://") ? "http" : "https";
  const keyField = (field: PaymentsField, label: MessageKey, hint: MessageKey, pattern: string) => (
    <SettingField
      id={`${partner.code}-${field}`}
      name={field}
      label={t(label)}
      hint={t(hint)}
      refusal={refusal}
      type="password"
      pattern={pattern}
    />
  );
  return (
    <PartnerSettingForm
      partner={partner}
      intent="own-stripe"
      summary={t("admin.payments.setOwn")}
      save={t("admin.payments.save")}
      refusal={refusal}
      formRef={form}
    >
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
    </PartnerSettingForm>
  );
}
