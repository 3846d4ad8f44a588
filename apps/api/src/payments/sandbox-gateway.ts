import { randomBytes } from "node:crypto";
import type { Locale } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import type { PaymentProvider, ProviderTransaction } from "./provider.ts";
import {
  cancelSandboxSession,
  findSandboxSession,
  findSandboxSessionOfCard,
  forgetSandboxCard,
  insertSandboxSession,
  type SandboxSession,
} from "./sandbox-sessions-repository.ts";

export type { SandboxSession } from "./sandbox-sessions-repository.ts";

export const SANDBOX_PAGES_PATH = "/api/sandbox/pages";
export const SANDBOX_PROVIDER = "sandbox";

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString("base64url")}`;
}

export function sandboxPageUrl(sessionId: string): string {
  return `${SANDBOX_PAGES_PATH}/${encodeURIComponent(sessionId)}`;
}

function toTransaction(session: SandboxSession): ProviderTransaction {
  return {
    transactionID: session.id,
    status: session.status,
    amount: session.amount,
    currencyCode: session.currencyCode,
    card: session.cardToken ? { token: session.cardToken, last4: session.last4, brand: session.brand } : null,
    failureReason: session.status === "FAILED" ? "The card was declined" : null,
  };
}

export function newCardToken(): string {
  return newId("tok");
}

/** The built-in gateway: its sessions live in sandbox_sessions and its card page is served by this API. */
export function sandboxGateway(db: Database): PaymentProvider {
  async function open(
    kind: "PAYMENT" | "BIND",
    amount: number,
    input: { currencyCode: string; returnUrl: string; locale?: Locale | null },
  ) {
    const id = newId(kind === "PAYMENT" ? "pay" : "bind");
    const { currencyCode, returnUrl } = input;
    await insertSandboxSession(db, { id, kind, status: "PENDING", amount, currencyCode, returnUrl });
    // Like a hosted gateway's locale parameter: the page speaks the storefront's language.
    const lang = input.locale ? `?lang=${input.locale}` : "";
    return { transactionID: id, redirectUrl: `${sandboxPageUrl(id)}${lang}` };
  }
  async function sessionOf(id: string, kind: "PAYMENT" | "BIND") {
    const session = await findSandboxSession(db, id);
    return session?.kind === kind ? session : null;
  }

  return {
    name: SANDBOX_PROVIDER,
    takesCards: true,
    takesCurrency: () => true,
    createPayment: (input) => open("PAYMENT", input.amount, input),
    startBinding: (input) => open("BIND", 0, input),
    // Each attempt is a new page; the attempt before it is canceled (order-payments.ts).
    reopen: async () => null,

    async chargeCard(input) {
      const saved = await findSandboxSessionOfCard(db, input.token);
      const id = newId("pay");
      // Only an authorised card is ever given a token, so a known token pays and a forgotten one fails.
      const status = saved ? "AUTHORIZED" : "FAILED";
      const charge = await insertSandboxSession(db, {
        id,
        kind: "PAYMENT",
        status,
        amount: input.amount,
        currencyCode: input.currencyCode,
        returnUrl: "",
        last4: saved?.last4 ?? null,
        brand: saved?.brand ?? null,
      });
      return {
        ...toTransaction(charge),
        failureReason: saved ? null : "The saved card is no longer available",
      };
    },

    async authorize(transactionID) {
      const session = await sessionOf(transactionID, "PAYMENT");
      return session ? toTransaction(session) : null;
    },

    async cancel(transactionID) {
      const session = await sessionOf(transactionID, "PAYMENT");
      if (!session) return null;
      // A pending payment is voided, an authorised one refunded in full; a failed one stays as it is.
      if (session.status !== "PENDING" && session.status !== "AUTHORIZED") return toTransaction(session);
      return toTransaction(await cancelSandboxSession(db, session.id));
    },

    // The sandbox took no real money: a partial refund is only the partner's record of it.
    refund: async () => ({ refundId: newId("re") }),

    async readBinding(transactionID) {
      const session = await sessionOf(transactionID, "BIND");
      if (!session) return null;
      const { status, card } = toTransaction(session);
      return { transactionID: session.id, status, card, returnUrl: session.returnUrl };
    },

    async forgetCard(token) {
      await forgetSandboxCard(db, token);
    },
  };
}
