import { z } from "zod";

/** Filled by the payment work. */
export const paymentPlaceholder = z.object({});
