import { z } from "zod";

/** Filled by the review work. */
export const reviewPlaceholder = z.object({});
