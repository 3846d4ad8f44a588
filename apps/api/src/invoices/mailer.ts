import type { SendMailOptions, Transport } from "nodemailer";
import nodemailer from "nodemailer";
import type { MessageSender } from "../accounts/messages.ts";

export interface MailMessage {
  partnerId: number;
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** Sends e-mail. Which transport carries it (the demo outbox, an SMTP server) is configuration. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A nodemailer transport that keeps the message in the demo outbox: subject, text and attachment names. */
function outboxTransport(sender: MessageSender, partnerId: number): Transport<{ accepted: string[] }> {
  return {
    name: "outbox",
    version: "1",
    send(mail, callback) {
      const { to, subject, text, attachments = [] } = mail.data;
      const names = attachments.map((a) => `Attachment: ${a.filename ?? "file"}`);
      const recipient = String(to);
      sender
        .send({
          partnerId,
          channel: "EMAIL",
          to: recipient,
          subject: String(subject ?? ""),
          text: [String(text ?? ""), ...names].join("\n\n"),
        })
        .then(
          () => callback(null, { accepted: [recipient] }),
          (error: Error) => callback(error, { accepted: [] }),
        );
    },
  };
}

/** What a nodemailer transporter of any transport offers. */
interface MailTransporter {
  sendMail(mail: SendMailOptions): Promise<unknown>;
}

function transportMailer(transportFor: (partnerId: number) => MailTransporter): Mailer {
  return {
    async send({ partnerId, ...message }) {
      await transportFor(partnerId).sendMail(message);
    },
  };
}

/** Demo mode: e-mails go to the outbox (GET /api/dev/outbox) through the message sender. */
export function outboxMailer(sender: MessageSender): Mailer {
  return transportMailer((partnerId) => nodemailer.createTransport(outboxTransport(sender, partnerId)));
}

/** A real mail server, e.g. smtps://user:password@smtp.example.com. */
export function smtpMailer(url: string): Mailer {
  const transporter = nodemailer.createTransport(url);
  return transportMailer(() => transporter);
}

export function createMailer(
  settings: { smtpUrl?: string | null | undefined },
  sender: MessageSender,
): Mailer {
  return settings.smtpUrl ? smtpMailer(settings.smtpUrl) : outboxMailer(sender);
}
