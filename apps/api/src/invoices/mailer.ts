import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type { MessageOutbox } from "../accounts/message-outbox.ts";
import { MessageRefusedError, type MessageSender } from "../accounts/messages.ts";

export interface MailMessage {
  partnerId: number;
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** Sends e-mail: kept in the outbox and sent from there, with retries while the mail server is down. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every e-mail is kept in the outbox with its text and attachments' names, which the demo's visitors
 * read; where a mail server is configured (SMTP_URL) it is also composed whole here (nodemailer's
 * MailComposer) and the outbox sends that message, the same one at every try.
 */
export function outboxMailer(outbox: Pick<MessageOutbox, "post" | "composesMail">): Mailer {
  return {
    async send({ partnerId, attachments, ...message }) {
      // Composed (the attachments in base64) only for a mail server: the demo's outbox and the
      // relay keep and send the text.
      const mime = outbox.composesMail
        ? (await new MailComposer({ ...message, attachments }).compile().build()).toString("utf8")
        : null;
      const names = attachments.map((attachment) => `Attachment: ${attachment.filename}`);
      await outbox.post([
        {
          partnerId,
          channel: "EMAIL",
          to: message.to,
          subject: message.subject,
          text: [message.text, ...names].join("\n\n"),
          ...(mime ? { mail: { from: message.from.address, mime } } : {}),
        },
      ]);
    },
  };
}

/**
 * A real mail server, e.g. smtps://user:password@smtp.example.com: the outbox's e-mail provider. A
 * refusal for good (a 5xx answer, such as a mailbox that does not exist) is not tried again; a
 * server out of reach or a 4xx answer is.
 */
export function smtpSender(url: string): MessageSender {
  const transporter = nodemailer.createTransport(url);
  return {
    sendsComposedMail: true,
    async send(message) {
      if (!message.mail) throw new MessageRefusedError("an e-mail without its composed message");
      try {
        const sent = await transporter.sendMail({
          envelope: { from: message.mail.from, to: [message.to] },
          raw: message.mail.mime,
        });
        return sent.messageId;
      } catch (error) {
        const { responseCode, response } = error as { responseCode?: number; response?: string };
        if (responseCode && responseCode >= 500)
          throw new MessageRefusedError(response ?? String(responseCode));
        throw error;
      }
    },
  };
}
