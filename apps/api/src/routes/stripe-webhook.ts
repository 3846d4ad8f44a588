import { STRIPE_WEBHOOK_PATH } from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import Stripe from "stripe";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { applyStripeEvent } from "../payments/stripe-events.ts";
import type { AppServices } from "../services.ts";
import { paymentDeps } from "./payments.ts";

/** Stripe's own default: a signature older than five minutes is refused (a replayed capture). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** When Stripe should send an event again that came before its payment was recorded. */
const RETRY_AFTER_SECONDS = 5;

const badSignature = (message: string) =>
  new AppError(400, "WebhookSignatureException", "The webhook's signature is not valid", {
    details: [{ field: "Stripe-Signature", message }],
  });

/**
 * Stripe's webhook: the source of truth of a payment's end. The partner is the host's, as on every
 * call; the raw body is checked against the Stripe-Signature header with that partner's webhook
 * secret (its own Stripe account's, else the deployment's) before anything else.
 */
export function stripeWebhookRoutes(services: AppServices): FastifyPluginAsyncZod {
  // Only the package's webhook helper: no call leaves for Stripe here.
  const webhooks = new Stripe("sk_webhooks_only").webhooks;
  return async (app) => {
    // The signature is over the bytes Stripe sent: this route keeps them as they came.
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 1024 * 1024 },
      (_r, body, done) => done(null, body),
    );
    app.post(
      STRIPE_WEBHOOK_PATH,
      {
        schema: {
          summary: "Stripe's events: a paid, expired or refunded payment",
          description:
            "Signed by Stripe (Stripe-Signature, HMAC-SHA256 with the endpoint's secret, 5 minutes' tolerance); a bad or missing signature is a 400 that changes nothing. The partner is the host's: its own Stripe account's secret, else the deployment's; a host whose partner has no Stripe account is a 404. Each event is applied once; a replay answers 200. An event about a payment not yet recorded answers 503, and Stripe sends it again.",
          tags: ["payments: stripe"],
          headers: z.object({ "stripe-signature": z.string().max(2048).optional() }),
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
        },
      },
      async (request, reply) => {
        const code = await services.partnerHosts.partnerCodeOf(request.hostname);
        const partner = code ? await services.partners.find(code) : null;
        const processor = partner ? await services.payments.processorOf(partner.id) : null;
        if (!partner || !processor?.webhookSecret)
          throw new AppError(404, "PartnerNotFoundException", "No Stripe account is served on this host");
        const signature = request.headers["stripe-signature"];
        if (!signature) throw badSignature("is required");
        let event: Stripe.Event;
        try {
          event = webhooks.constructEvent(
            request.body as Buffer,
            signature,
            processor.webhookSecret,
            SIGNATURE_TOLERANCE_SECONDS,
          );
        } catch (error) {
          throw badSignature(error instanceof Error ? error.message : "does not match");
        }
        const deps = { ...(await paymentDeps(services, partner.id)), provider: processor.provider };
        const outcome = await applyStripeEvent(deps, partner, event);
        if (outcome === "not-yet")
          throw new AppError(503, "PaymentNotFoundException", "The payment is not recorded yet", {
            retryAfterSeconds: RETRY_AFTER_SECONDS,
          });
        return reply.send({ received: true, duplicate: outcome === "duplicate" });
      },
    );
  };
}
