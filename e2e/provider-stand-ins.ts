// Stripe and Firebase Cloud Messaging at the network edge for the browser tests: the API tests'
// stand-ins, as one process, on the ports the Stripe storefront is started with. Stripe's speaks its
// HTTP API, serves its hosted Checkout page and sends its signed webhooks to that storefront; FCM's
// checks a brand's service account key as Google would and takes its pushes.
import { startFcmStandIn } from "../apps/api/test/fcm-stand-in.ts";
import { startStripeStandIn } from "../apps/api/test/stripe-stand-in.ts";
import { fcm, stripe } from "./server-data.ts";

await startFcmStandIn({ port: fcm.port });
await startStripeStandIn({
  port: stripe.port,
  secretKey: stripe.secretKey,
  webhookSecret: stripe.webhookSecret,
  // The Stripe account the operator gives the second brand in white-label.spec.ts.
  otherKeys: [stripe.partnerSecretKey],
  webhookTarget: { url: `${stripe.shopUrl}/api/payments/stripe/webhook` },
});
