import { messageRetryDelaySeconds } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import {
  MessageNotSentError,
  MessageRefusedError,
  type MessageSender,
  type OutgoingMessage,
} from "./messages.ts";
import {
  claimDueMessages,
  insertOutboxMessages,
  type MessageTry,
  type OutboxMessageRow,
  recordMessageTry,
} from "./outbox-repository.ts";

type Channel = OutgoingMessage["channel"];
/** A message about an order (a status push), shown on the order's console page if it fails. */
export type QueuedMessage = OutgoingMessage & { orderId?: number };

/** How long a process may take to send a message it took before another may take it again. */
const LEASE_MS = 60_000;
/** How many due messages one pass of the worker sends. */
const BATCH = 50;

/** Messages sent, tried again later and given up, by channel: the metrics' counts. */
export type MessageCounts = Record<Channel, { sent: number; retried: number; failed: number }>;

/**
 * Every message the API sends goes through here and is kept in `outbox_messages`:
 *
 * - `queue` writes messages in the transaction of the change that causes them (an order's status
 *   push): they are sent after the commit (`deliver`) and, while their provider is down, tried
 *   again with a growing wait by the leader's worker (`deliverDue`) until sent or, after their
 *   last try, failed with the provider's reason. A crash loses none: what committed is sent.
 * - `send` sends a message at once and never again (a sign-in code: a late one is worse than a new
 *   one, so the customer is told to ask again), and keeps it as sent or failed.
 *
 * A channel without a provider (every channel but web push in demo mode) sends nothing: its
 * messages are kept as sent, in the outbox the demo's visitors read. Where a provider sends it, a
 * sign-in code's text is not kept.
 */
export class MessageOutbox implements MessageSender {
  readonly counts: MessageCounts = {
    SMS: { sent: 0, retried: 0, failed: 0 },
    EMAIL: { sent: 0, retried: 0, failed: 0 },
    PUSH: { sent: 0, retried: 0, failed: 0 },
    WEB_PUSH: { sent: 0, retried: 0, failed: 0 },
  };

  constructor(
    private readonly db: Database,
    /** Each channel's provider; a channel without one keeps its messages only (the demo). */
    private readonly providers: Partial<Record<Channel, MessageSender>>,
    private readonly now: () => Date,
    private readonly report: (error: unknown, message: string) => void = () => {},
  ) {}

  /** Whether e-mails are composed whole for their provider (a mail server), or kept as text. */
  get composesMail(): boolean {
    return this.providers.EMAIL?.sendsComposedMail === true;
  }

  /** Writes messages to send with the caller's transaction; answers their ids, to `deliver` after the commit. */
  async queue(tx: Database, messages: QueuedMessage[]): Promise<number[]> {
    const now = this.now();
    const ids = await insertOutboxMessages(
      tx,
      messages.map((message) => ({
        ...rowOf(message),
        orderId: message.orderId ?? null,
        ...(this.providers[message.channel]
          ? { status: "PENDING" as const, nextAttemptAt: now }
          : { status: "SENT" as const, sentAt: now, mime: null }),
      })),
    );
    for (const message of messages) if (!this.providers[message.channel]) this.counts[message.channel].sent++;
    return ids;
  }

  /**
   * Keeps messages that no change of the caller's causes (an e-mail asked for) and sends them now;
   * one that fails waits for its retry. Once it answers, the messages are kept: none is lost.
   */
  async post(messages: QueuedMessage[]): Promise<void> {
    await this.deliver(await this.queue(this.db, messages));
  }

  /** Sends queued messages whose transaction committed, now; one that fails waits for its retry. */
  async deliver(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.sendClaimed(await this.claim(ids));
  }

  /** The worker's pass: sends the messages due now; answers how many it tried. */
  async deliverDue(): Promise<number> {
    if (Object.keys(this.providers).length === 0) return 0;
    const claimed = await this.claim();
    await this.sendClaimed(claimed);
    return claimed.length;
  }

  /** Sends a message at once, never again; keeps it as sent or failed (a failure is thrown on). */
  async send(message: OutgoingMessage): Promise<string | undefined> {
    const now = this.now();
    const provider = this.providers[message.channel];
    const kept = provider && message.code ? { text: "(a sign-in code)", code: null } : {};
    const keep = (result: { status: "SENT" | "FAILED"; lastError?: string; providerId?: string | null }) =>
      insertOutboxMessages(this.db, [
        {
          ...rowOf(message),
          ...kept,
          attempts: provider ? 1 : 0,
          sentAt: result.status === "SENT" ? now : null,
          ...result,
        },
      ]);
    if (!provider) {
      await keep({ status: "SENT" });
      this.counts[message.channel].sent++;
      return undefined;
    }
    let providerId: string | undefined;
    try {
      providerId = await provider.send(message);
    } catch (error) {
      this.counts[message.channel].failed++;
      await keep({ status: "FAILED", lastError: reasonOf(error) });
      // The caller's answer: the message could not be sent (a 503), whatever the provider said.
      throw error instanceof MessageRefusedError ? new MessageNotSentError(error.reason) : error;
    }
    this.counts[message.channel].sent++;
    await keep({ status: "SENT", providerId: providerId ?? null });
    return providerId;
  }

  private claim(ids?: number[]): Promise<OutboxMessageRow[]> {
    const now = this.now();
    return claimDueMessages(this.db, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: BATCH,
      ...(ids ? { ids } : {}),
    });
  }

  private async sendClaimed(rows: OutboxMessageRow[]): Promise<void> {
    for (const row of rows) await recordMessageTry(this.db, row.id, await this.try(row));
  }

  private async try(row: OutboxMessageRow): Promise<MessageTry> {
    const counts = this.counts[row.channel];
    try {
      const provider = this.providers[row.channel];
      if (!provider) throw new MessageRefusedError(`no provider sends ${row.channel} messages here`);
      const providerId = await provider.send({
        partnerId: row.partnerId ?? 0,
        channel: row.channel,
        to: row.recipient,
        ...(row.subject ? { subject: row.subject } : {}),
        text: row.text,
        ...(row.sender && row.mime ? { mail: { from: row.sender, mime: row.mime } } : {}),
        ...(row.channel === "PUSH" && row.sender ? { project: row.sender } : {}),
      });
      counts.sent++;
      return { status: "SENT", at: this.now(), providerId: providerId ?? null };
    } catch (error) {
      const attempts = row.attempts + 1;
      const error_ = reasonOf(error);
      // A refusal for good (a device that no longer exists) is not tried again.
      const wait = error instanceof MessageRefusedError ? null : messageRetryDelaySeconds(attempts);
      if (wait === null) {
        counts.failed++;
        this.report(error, `a ${row.channel} message (${row.id}) could not be sent after ${attempts} tries`);
        return { status: "FAILED", attempts, error: error_ };
      }
      counts.retried++;
      return {
        status: "PENDING",
        attempts,
        nextAttemptAt: new Date(this.now().getTime() + wait * 1000),
        error: error_,
      };
    }
  }
}

function rowOf(message: OutgoingMessage) {
  return {
    partnerId: message.partnerId,
    channel: message.channel,
    recipient: message.to,
    subject: message.subject ?? null,
    text: message.text,
    code: message.code ?? null,
    // An e-mail's envelope sender; a push's Firebase project, the one that must send it.
    sender: message.mail?.from ?? message.project ?? null,
    mime: message.mail?.mime ?? null,
  };
}

/** The provider's reason, as the console shows it. */
function reasonOf(error: unknown): string {
  if (error instanceof MessageNotSentError || error instanceof MessageRefusedError) return error.reason;
  return error instanceof Error ? error.message : String(error);
}
