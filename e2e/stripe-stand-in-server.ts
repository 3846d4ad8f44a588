// Stripe at the network edge for the browser tests: the API tests' stand-in, speaking Stripe's HTTP
// API and serving its hosted Checkout page, on a port and with keys the Stripe storefront is started
// with; it sends its signed webhooks to that storefront, as Stripe would.
import { startStripeStandIn } from "../apps/api/test/stripe-stand-in.ts";
import { stripe } from "./server-data.ts";

await startStripeStandIn({
  port: stripe.port,
  secretKey: stripe.secretKey,
  webhookSecret: stripe.webhookSecret,
  // The Stripe account the operator gives the second brand in white-label.spec.ts.
  otherKeys: [stripe.partnerSecretKey],
  webhookTarget: { url: `${stripe.shopUrl}/api/payments/stripe/webhook` },
});
