import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient.js";
import { MessageNotSentError, MessageRefusedError, type MessageSender } from "./messages.ts";

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sender: a phone number or an alphanumeric sender ID; or a Messaging Service instead. */
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
  /** TWILIO_API_URL: https://api.twilio.com, or a stand-in. */
  apiUrl: string;
  /** Where Twilio reports each message's delivery (the API's own status route, on PUBLIC_URL). */
  statusCallback: string;
}

/** Where Twilio reports what became of an SMS: the API's route, on its public address. */
export const TWILIO_STATUS_PATH = "/api/messages/twilio/status";

/**
 * The official client's documented way to reach another host (a proxy, a test's stand-in): its HTTP
 * client, here one that sends each request to the same path on `apiUrl`.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly apiUrl: string) {
    super({ timeout: 10_000 });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    const base = new URL(this.apiUrl);
    uri.protocol = base.protocol;
    uri.host = base.host;
    return super.request<TData>({ ...opts, uri: uri.href });
  }
}

/**
 * SMS through Twilio's Messages API: the message's SID is kept so its status callback can tell
 * whether it reached the phone. Twilio refusing the message itself (a 4xx: a number that cannot get
 * SMS, say) is final; Twilio down or busy (5xx, 429, no answer) is tried again by the outbox.
 */
export function twilioSender(settings: TwilioSettings): MessageSender {
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: new RebasedRequestClient(settings.apiUrl),
    autoRetry: false,
  });
  return {
    async send(message) {
      if (message.channel !== "SMS")
        throw new MessageRefusedError(`Twilio sends SMS, not ${message.channel}`);
      try {
        const sent = await client.messages.create({
          to: message.to,
          body: message.text,
          statusCallback: settings.statusCallback,
          ...(settings.messagingServiceSid
            ? { messagingServiceSid: settings.messagingServiceSid }
            : { from: settings.from as string }),
        });
        return sent.sid;
      } catch (error) {
        if (error instanceof twilio.RestException) {
          const reason = `Twilio ${error.status}${error.code ? ` (${error.code})` : ""}: ${error.message}`;
          if (error.status >= 400 && error.status < 500 && error.status !== 429)
            throw new MessageRefusedError(reason);
          throw new MessageNotSentError(reason);
        }
        throw new MessageNotSentError(`Twilio could not be reached (${(error as Error).name})`);
      }
    },
  };
}

/** Whether a status callback is Twilio's: its X-Twilio-Signature over the URL and the form's fields. */
export function isTwilioSigned(
  settings: Pick<TwilioSettings, "authToken" | "statusCallback">,
  signature: string | undefined,
  params: Record<string, string>,
): boolean {
  return (
    !!signature && twilio.validateRequest(settings.authToken, signature, settings.statusCallback, params)
  );
}
