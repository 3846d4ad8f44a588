import type { adminFormSchema } from "@storefront/domain/contract";
import { adminEndpoints } from "@storefront/domain/endpoints";
import type { z } from "zod";
import { adminApi, ConsoleApiError } from "./api.ts";

/** What the operator's "card payments" form answers for a partner: done, or refused. */
export type PaymentsAnswer =
  | { done: "payments"; code: string; name: string; account: "own" | "deployment" }
  | { done: "payments-refused"; code: string; field: PaymentsField | null; problem: PaymentsProblem };

/** The inputs a refusal may name: the API's fields of partnerPaymentAccountSchema. */
export type PaymentsField = "secretKey" | "webhookSecret";
/** Why the change was not made, in the operator's words (`admin.payments.error.*`). */
export type PaymentsProblem = PaymentsField | "noKeysSecret" | "unknownPartner" | "failed";

/**
 * The API's refusal of a partner's processor as the form shows it: beside the key its details name,
 * else above the button. Null for what the form does not answer (a wrong key, a server error).
 */
export function refusedPayments(
  code: string,
  error: Pick<ConsoleApiError, "status" | "body">,
): PaymentsAnswer | null {
  const { status, body } = error;
  const refused = (field: PaymentsField | null, problem: PaymentsProblem): PaymentsAnswer => ({
    done: "payments-refused",
    code,
    field,
    problem,
  });
  if (status === 400) {
    const field = body.details?.[0]?.field;
    if (field === "secretKey" || field === "webhookSecret") return refused(field, field);
  }
  if (status === 409 && body.errorCode === "NO_KEYS_SECRET") return refused(null, "noKeysSecret");
  if (status === 404) return refused(null, "unknownPartner");
  if (status >= 400 && status < 500 && status !== 401) return refused(null, "failed");
  return null;
}

/** What the operator asked of a partner's processor, as adminFormSchema reads its forms. */
type PaymentsChange = Extract<
  z.output<typeof adminFormSchema>,
  { intent: "own-stripe" | "deployment-payments" }
>;

/** Gives the partner its own Stripe account, or takes it back to the deployment's processor. */
export async function changePartnerPayments(asked: PaymentsChange, key: string): Promise<PaymentsAnswer> {
  const { code, name } = asked;
  try {
    if (asked.intent === "own-stripe")
      await adminApi(adminEndpoints.partnerPayments(code, "PUT"), key, { body: asked.account });
    else await adminApi(adminEndpoints.partnerPayments(code, "DELETE"), key);
    return { done: "payments", code, name, account: asked.intent === "own-stripe" ? "own" : "deployment" };
  } catch (error) {
    const refusal = error instanceof ConsoleApiError ? refusedPayments(code, error) : null;
    if (refusal) return refusal;
    throw error;
  }
}
