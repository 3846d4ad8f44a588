import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordProviderStatus } from "../accounts/outbox-repository.ts";
import { isTwilioSigned, TWILIO_STATUS_PATH } from "../accounts/twilio-sender.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";

/** Twilio's final word on an SMS: delivered, or not with its error code. Others are on the way. */
const FAILED = new Set(["failed", "undelivered"]);

/**
 * Twilio's status callback of each SMS it took: checked against its X-Twilio-Signature (HMAC-SHA1 of
 * the callback's URL and the form's fields with the auth token) before anything else; a message
 * that never reached the phone is marked failed in the outbox with Twilio's error code.
 */
export function twilioStatusRoutes(
  db: Database,
  settings: { authToken: string; statusCallback: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    app.post(
      TWILIO_STATUS_PATH,
      {
        schema: {
          summary: "Twilio's delivery report of an SMS (its status callback)",
          description:
            "Signed by Twilio (X-Twilio-Signature); an unsigned or forged report is a 403 that changes nothing. delivered keeps the message sent; failed and undelivered mark it failed with Twilio's ErrorCode.",
          tags: ["messages: twilio"],
          headers: z.object({ "x-twilio-signature": z.string().max(512).optional() }),
          body: z.record(z.string(), z.string()),
        },
      },
      async (request, reply) => {
        const params = request.body;
        if (!isTwilioSigned(settings, request.headers["x-twilio-signature"], params))
          throw new AppError(403, "ForbiddenException", "The report is not signed by Twilio");
        const sid = params.MessageSid ?? params.SmsSid;
        const status = params.MessageStatus ?? params.SmsStatus ?? "";
        if (sid && status === "delivered") await recordProviderStatus(db, sid, { status: "SENT" });
        if (sid && FAILED.has(status))
          await recordProviderStatus(db, sid, {
            status: "FAILED",
            error: `Twilio: ${status}${params.ErrorCode ? ` (error ${params.ErrorCode})` : ""}`,
          });
        return reply.status(204).send();
      },
    );
  };
}
