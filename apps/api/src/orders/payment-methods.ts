import type { paymentMethodSchema } from "@storefront/domain/contract";
import type { z } from "zod";
import type { LocalityRow } from "../catalogue/localities.ts";

type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * The ways to pay a locality offers. Saved cards join this list with the payment work; until then
 * online payment is the sandbox card page.
 */
export function paymentMethodsOf(locality: LocalityRow): PaymentMethod[] {
  const types = locality.params.paymentTypes ?? ["CASH"];
  return types.map((type) =>
    type === "CASH"
      ? { code: "cash", type, name: "Cash", card: null }
      : { code: "sandbox-card", type, name: "Card", card: null },
  );
}
