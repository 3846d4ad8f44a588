import type { Database } from "../db/client.ts";
import { outboxMessages } from "../db/schema.ts";

export interface OutgoingMessage {
  partnerId: number;
  channel: "SMS" | "EMAIL" | "PUSH";
  to: string;
  subject?: string;
  text: string;
  /** A one-time code the message carries, kept apart so the demo outbox can show it. */
  code?: string;
}

/** Sends SMS, e-mail and push messages. Demo mode keeps them in the outbox instead. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/** The demo outbox: every message is stored and readable at GET /api/dev/outbox. */
export function outboxSender(db: Database): MessageSender {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({
        partnerId: message.partnerId,
        channel: message.channel,
        recipient: message.to,
        subject: message.subject ?? null,
        text: message.text,
        code: message.code ?? null,
      });
    },
  };
}
