import type { PaymentSettings } from "../config.ts";
import type { Database } from "../db/client.ts";
import { noGateway } from "./no-gateway.ts";
import type { PaymentProvider } from "./provider.ts";
import { sandboxGateway } from "./sandbox-gateway.ts";
import { stripeGateway } from "./stripe-gateway.ts";

/** The deployment's card processor, as its settings name it. */
export function cardProcessor(db: Database, settings: PaymentSettings): PaymentProvider {
  switch (settings.provider) {
    case "stripe":
      return stripeGateway(db, settings.stripe);
    case "sandbox":
      return sandboxGateway(db);
    case "none":
      return noGateway();
  }
}
