import { endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWILIO_STATUS_PATH } from "../src/accounts/twilio-sender.ts";
import { loadConfig } from "../src/config.ts";
import { outboxMessages } from "../src/db/schema.ts";
import { DEMO, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";
import { startTwilioStandIn, type TwilioStandIn } from "./twilio-stand-in.ts";

const SHOP = "https://shop.example";
let twilio: TwilioStandIn;
let t: TestApp;

beforeAll(async () => {
  twilio = await startTwilioStandIn();
  t = await startTestApp({
    publicUrl: SHOP,
    twilio: {
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: "Dostavka",
      messagingServiceSid: undefined,
      apiUrl: twilio.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

let phones = 0;
const askCode = (phone: string, lang = "lv") =>
  t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.sendPhoneConfirmation(phone)),
    headers: { ...DEMO, "accept-language": lang },
    remoteAddress: `10.77.0.${++phones}`,
  });
const rowOf = async (sid: string) =>
  (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.providerId, sid)))[0];

describe("SMS through Twilio", () => {
  it("sends the sign-in code in the customer's language from the partner's sender, and the code signs them in", async () => {
    expect((await askCode("37126100001")).statusCode).toBe(200);
    const sms = twilio.sent.at(-1);
    expect(sms).toMatchObject({
      To: "+37126100001",
      From: "Dostavka",
      StatusCallback: `${SHOP}${TWILIO_STATUS_PATH}`,
    });
    expect(sms?.Body).toMatch(/^\d{4,6} ir jūsu Dostavka kods\./);
    // Kept as sent with Twilio's SID; outside the demo, without the code.
    expect(await rowOf(sms?.sid ?? "")).toMatchObject({
      channel: "SMS",
      status: "SENT",
      code: null,
      text: "(a sign-in code)",
    });
    const login = await t.app.inject({
      method: "POST",
      url: apiPath(endpoints.auth.login()),
      headers: DEMO,
      payload: { phone: "37126100001", token: /^\d+/.exec(sms?.Body ?? "")?.[0] },
    });
    expect(login.statusCode).toBe(200);
  });

  it("marks an SMS failed when Twilio's signed report says it never reached the phone; a forged report changes nothing", async () => {
    await askCode("37126100002", "en");
    const sms = twilio.sent.at(-1);
    if (!sms) throw new Error("Twilio took the SMS");
    const report = (status: "undelivered" | "delivered", signature?: string) => {
      const signed = twilio.statusReport(sms, status, status === "undelivered" ? "30003" : undefined);
      return t.app.inject({
        method: "POST",
        url: new URL(signed.url).pathname,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": signature ?? signed.signature,
        },
        payload: new URLSearchParams(signed.params).toString(),
      });
    };
    const forged = await report("undelivered", "bm90IHR3aWxpbydzIHNpZ25hdHVyZQ==");
    expect(forged.statusCode).toBe(403);
    expect(await rowOf(sms.sid)).toMatchObject({ status: "SENT" });

    expect((await report("undelivered")).statusCode).toBe(204);
    expect(await rowOf(sms.sid)).toMatchObject({
      status: "FAILED",
      lastError: "Twilio: undelivered (error 30003)",
    });
  });

  it("tells the customer to try again while Twilio is down, and keeps the failure with Twilio's answer", async () => {
    twilio.setDown(true);
    try {
      const refused = await askCode("37126100003");
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ type: "MessageNotSentException" });
    } finally {
      twilio.setDown(false);
    }
    const [row] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "+37126100003"));
    expect(row).toMatchObject({ status: "FAILED", lastError: "Twilio 503 (20503): Service Unavailable" });
    // The code that did not go out does not make the customer wait: asking again at once sends one.
    expect((await askCode("37126100003")).statusCode).toBe(200);
  });

  it("answers a number Twilio refuses for good with the same 503, never a 500, and keeps Twilio's reason", async () => {
    twilio.optOut("+37126100004");
    const refused = await askCode("37126100004");
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ type: "MessageNotSentException" });
    const [row] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "+37126100004"));
    expect(row).toMatchObject({
      status: "FAILED",
      lastError: "Twilio 400 (21610): Attempt to send to unsubscribed recipient",
    });
  });

  it("refuses to start with SMS_PROVIDER=twilio without its account, token and sender, naming them", () => {
    expect(() => loadConfig({ SMS_PROVIDER: "twilio" })).toThrow(
      /TWILIO_ACCOUNT_SID: required with SMS_PROVIDER=twilio.*TWILIO_AUTH_TOKEN: required.*TWILIO_FROM: one of TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID/,
    );
  });
});
