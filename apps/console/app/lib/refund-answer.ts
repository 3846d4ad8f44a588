import type { ConsoleApiError } from "./api.ts";

/** The refund form's answer: done, or refused with the field it names (none: the whole form). */
export type RefundAnswer =
  | { refund: "done"; amount: number }
  | { refund: "refused"; field: "amount" | "reason" | null; problem: RefundProblem };

/** Why a refund was not made, in the member's words (`order.refund.error.*`). */
export type RefundProblem =
  | "tooMuch"
  | "nothingLeft"
  | "positive"
  | "whole"
  | "reason"
  | "forbidden"
  | "notRefundable"
  | "unavailable"
  | "failed";

/**
 * The API's refusal of a refund as the form shows it: beside the field its details name, else above
 * the button. Null for what the form does not answer (signed out, a server error).
 */
export function refusedRefund(error: Pick<ConsoleApiError, "status" | "body">): RefundAnswer | null {
  const { status, body } = error;
  const refused = (field: "amount" | "reason" | null, problem: RefundProblem): RefundAnswer => ({
    refund: "refused",
    field,
    problem,
  });
  if (status === 503) return refused(null, "unavailable");
  if (status === 403) return refused(null, "forbidden");
  if (status === 409 && body.errorCode === "NOT_REFUNDABLE") return refused(null, "notRefundable");
  if (status === 400) {
    const detail = body.details?.[0];
    if (detail?.field === "reason") return refused("reason", "reason");
    if (detail?.field === "amount") {
      const message = detail.message;
      if (message.startsWith("is more than")) return refused("amount", "tooMuch");
      if (message.startsWith("nothing is left")) return refused("amount", "nothingLeft");
      if (message.startsWith("is not a whole")) return refused("amount", "whole");
      return refused("amount", "positive");
    }
  }
  if (status >= 400 && status < 500 && status !== 401) return refused(null, "failed");
  return null;
}
