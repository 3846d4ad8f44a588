/**
 * What is left to give back of a payment: what was taken, less what was refunded already (by the
 * console, or as the processor reports it, whichever is more). Minor units.
 */
export function refundableAmount(input: { paid: number; refunded: number; reported: number }): number {
  return Math.max(0, input.paid - refundedAmount(input));
}

/**
 * What has been given back of a payment so far: by the console, or as the processor reports it
 * (its dashboard's refunds too), whichever is more. Minor units.
 */
export function refundedAmount(input: { refunded: number; reported: number }): number {
  return Math.max(input.refunded, input.reported);
}

/** Why a partial refund of this amount cannot be made, or null when it can. Minor units. */
export function refundAmountProblem(amount: number, left: number): string | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return "must be more than zero";
  if (left <= 0) return "nothing is left to refund";
  if (amount > left) return "is more than what is left to refund";
  return null;
}
