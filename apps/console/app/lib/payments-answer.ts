import type { adminFormSchema } from "@storefront/domain/contract";
import { adminEndpoints } from "@storefront/domain/endpoints";
import type { z } from "zod";
import { adminApi, type ConsoleApiError } from "./api.ts";
import { changeSetting, type SettingRefusal, settingRefusal } from "./partner-setting-answer.ts";

/** The inputs a refusal may name: the API's fields of partnerPaymentAccountSchema. */
export type PaymentsField = "secretKey" | "webhookSecret";

/** What the operator's "card payments" form answers for a partner: done, or refused. */
export type PaymentsAnswer =
  | { done: "payments"; code: string; name: string; account: "own" | "deployment" }
  | ({ done: "payments-refused"; code: string } & SettingRefusal<PaymentsField>);

/** The API's refusal of a partner's processor as the form shows it (settingRefusal). */
export function refusedPayments(
  code: string,
  error: Pick<ConsoleApiError, "status" | "body">,
): PaymentsAnswer | null {
  const refusal = settingRefusal(error, ["secretKey", "webhookSecret"] as const);
  return refusal && { done: "payments-refused", code, ...refusal };
}

/** What the operator asked of a partner's processor, as adminFormSchema reads its forms. */
type PaymentsChange = Extract<
  z.output<typeof adminFormSchema>,
  { intent: "own-stripe" | "deployment-payments" }
>;

/** Gives the partner its own Stripe account, or takes it back to the deployment's processor. */
export function changePartnerPayments(asked: PaymentsChange, key: string): Promise<PaymentsAnswer> {
  const { code, name } = asked;
  const own = asked.intent === "own-stripe";
  return changeSetting(
    () =>
      own
        ? adminApi(adminEndpoints.partnerPayments(code, "PUT"), key, { body: asked.account })
        : adminApi(adminEndpoints.partnerPayments(code, "DELETE"), key),
    { done: "payments", code, name, account: own ? "own" : "deployment" },
    (error) => refusedPayments(code, error),
  );
}
