import { AppError } from "../errors.ts";

export interface OutgoingMessage {
  partnerId: number;
  channel: "SMS" | "EMAIL" | "PUSH" | "WEB_PUSH";
  to: string;
  subject?: string;
  text: string;
  /** A one-time code the message carries, kept apart so the demo outbox can show it. */
  code?: string;
  /**
   * An e-mail composed whole: its envelope's sender and its message (RFC 5322, attachments
   * included), sent as it is at each try; `text` is then what the outbox shows of it.
   */
  mail?: { from: string; mime: string };
  /** A native push's device: the Firebase project its app registered with, which must send it. */
  project?: string;
}

/** Sends SMS, e-mail and push messages: a provider's transport, or the outbox that keeps and retries them. */
export interface MessageSender {
  /** Sends the message; answers the provider's id of it when the provider gives one. */
  send(message: OutgoingMessage): Promise<string | undefined>;
  /** It sends an e-mail's composed message (`mail`), which is made for it only (a mail server). */
  sendsComposedMail?: true;
}

/**
 * Production's sender: each SMS and push message is posted as JSON `{channel, to, subject?, text}`
 * to the operator's relay (their SMS gateway and push service), which answers 2xx once it took it.
 */
export function webhookSender(webhook: { url: string; token?: string | undefined }): MessageSender {
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(webhook.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(webhook.token ? { authorization: `Bearer ${webhook.token}` } : {}),
          },
          body: JSON.stringify({
            channel: message.channel,
            to: message.to,
            ...(message.subject ? { subject: message.subject } : {}),
            text: message.text,
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new MessageNotSentError(`the message relay could not be reached (${(error as Error).name})`);
      }
      if (!response.ok) throw new MessageNotSentError(`the message relay answered ${response.status}`);
    },
  };
}

/** A message the relay did not take: the customer is told to try again, the log says why. */
export class MessageNotSentError extends AppError {
  constructor(readonly reason: string) {
    super(503, "MessageNotSentException", "The message could not be sent. Please try again in a minute.");
  }
}

/**
 * A message the provider refuses for good (a device that no longer exists): it is not tried again.
 */
export class MessageRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
