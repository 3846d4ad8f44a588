import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import { readBody } from "./http-body.ts";

/** An SMS Twilio took: the fields of its create request. */
export interface TwilioSms {
  sid: string;
  To: string;
  From?: string;
  MessagingServiceSid?: string;
  Body: string;
  StatusCallback?: string;
  /** The Basic credentials it came with. */
  authorization: string | undefined;
}

export interface TwilioStandIn {
  url: string;
  accountSid: string;
  authToken: string;
  sent: TwilioSms[];
  /** An outage: every request answers 503. */
  setDown(down: boolean): void;
  /** A number that opted out of the sender's messages (STOP): Twilio refuses it, 21610. */
  optOut(number: string): void;
  /** The status callback Twilio would send for a message: its URL, form fields and signature. */
  statusReport(
    sms: TwilioSms,
    status: "sent" | "delivered" | "undelivered" | "failed",
    errorCode?: string,
  ): { url: string; params: Record<string, string>; signature: string };
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/** Twilio's error body: its code, message, docs link and status. */
function twilioError(response: ServerResponse, status: number, code: number, message: string) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(
    JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }),
  );
}

/**
 * Twilio's Messages API at the network edge: Basic authentication with the Account SID and auth
 * token, the create call's form fields and its validation errors, and status callbacks signed with
 * the official package's own signing (`getExpectedTwilioSignature`).
 */
export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const sent: TwilioSms[] = [];
  let down = false;
  const optedOut = new Set<string>();
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;

  async function create(request: IncomingMessage, response: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    if (request.headers.authorization !== expected) return twilioError(response, 401, 20003, "Authenticate");
    if (down) return twilioError(response, 503, 20503, "Service Unavailable");
    if (!form.To || !E164.test(form.To))
      return twilioError(response, 400, 21211, `Invalid 'To' Phone Number: ${form.To ?? ""}`);
    if (!form.From && !form.MessagingServiceSid)
      return twilioError(
        response,
        400,
        21603,
        "A 'From' phone number or a Messaging Service SID is required.",
      );
    if (!form.Body) return twilioError(response, 400, 21602, "Message body is required.");
    if (optedOut.has(form.To))
      return twilioError(response, 400, 21610, "Attempt to send to unsubscribed recipient");
    const sid = `SM${randomBytes(16).toString("hex")}`;
    sent.push({
      sid,
      ...(form as Omit<TwilioSms, "sid" | "authorization">),
      authorization: request.headers.authorization,
    });
    response.writeHead(201, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        sid,
        account_sid: accountSid,
        to: form.To,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body,
        status: "queued",
        num_segments: "1",
        direction: "outbound-api",
        api_version: "2010-04-01",
        date_created: new Date().toUTCString(),
        date_updated: new Date().toUTCString(),
        date_sent: null,
        error_code: null,
        error_message: null,
        price: null,
        price_unit: "USD",
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
      }),
    );
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://twilio.invalid").pathname;
    if (request.method === "POST" && path === `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return void create(request, response).catch(() => response.destroy());
    twilioError(response, 404, 20404, "The requested resource was not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accountSid,
    authToken,
    sent,
    setDown: (value) => {
      down = value;
    },
    optOut: (number) => optedOut.add(number),
    statusReport(sms, status, errorCode) {
      const url = sms.StatusCallback ?? "";
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
        From: sms.From ?? "",
        MessageSid: sms.sid,
        MessageStatus: status,
        SmsSid: sms.sid,
        SmsStatus: status,
        To: sms.To,
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      };
      return { url, params, signature: twilio.getExpectedTwilioSignature(authToken, url, params) };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
