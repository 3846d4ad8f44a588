import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message the mail server took: its envelope and its whole text (RFC 5322). */
export interface TakenMail {
  from: string;
  to: string[];
  message: string;
}

/**
 * A mail server at the network edge (the `smtp-server` package, nodemailer's own): it speaks SMTP as
 * a real one does, keeps what it takes, refuses a mailbox named `nobody@…` for good (550), and can be
 * stopped and started again on its port, as a server down for a while.
 */
export async function startSmtpStandIn() {
  const taken: TakenMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("nobody@")) {
          const refused = Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 });
          return callback(refused);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const envelope = session.envelope;
          taken.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : "",
            to: envelope.rcptTo.map((rcpt) => rcpt.address),
            message: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => (server as SMTPServer).listen(port, "127.0.0.1", resolve));
    port = ((server as SMTPServer).server.address() as AddressInfo).port;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await start();
  return { url: `smtp://127.0.0.1:${port}`, taken, start, stop };
}
