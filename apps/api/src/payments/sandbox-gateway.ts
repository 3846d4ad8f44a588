import { randomBytes } from "node:crypto";
import type { Locale } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sandboxSessions } from "../db/schema.ts";
import type { PaymentProvider, ProviderTransaction } from "./provider.ts";

export type SandboxSession = typeof sandboxSessions.$inferSelect;

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

export async function findSandboxSession(db: Database, id: string): Promise<SandboxSession | null> {
  const [session] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id)).limit(1);
  return session ?? null;
}

/**
 * Ends a pending session: the page's card outcome, or the customer's cancel. Only a PENDING
 * session changes, so a page submitted twice keeps its first outcome.
 */
export async function finishSandboxSession(
  db: Database,
  id: string,
  outcome: Pick<SandboxSession, "status"> & Partial<Pick<SandboxSession, "last4" | "brand" | "cardToken">>,
): Promise<SandboxSession | null> {
  const [finished] = await db
    .update(sandboxSessions)
    .set(outcome)
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, "PENDING")))
    .returning();
  return finished ?? (await findSandboxSession(db, id));
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
    await db.insert(sandboxSessions).values({ id, kind, status: "PENDING", amount, currencyCode, returnUrl });
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
    createPayment: (input) => open("PAYMENT", input.amount, input),
    startBinding: (input) => open("BIND", 0, input),

    async chargeCard(input) {
      const [saved] = await db
        .select()
        .from(sandboxSessions)
        .where(eq(sandboxSessions.cardToken, input.token))
        .limit(1);
      const id = newId("pay");
      // Only an authorised card is ever given a token, so a known token pays and a forgotten one fails.
      const status = saved ? "AUTHORIZED" : "FAILED";
      const [charge] = await db
        .insert(sandboxSessions)
        .values({
          id,
          kind: "PAYMENT",
          status,
          amount: input.amount,
          currencyCode: input.currencyCode,
          returnUrl: "",
          last4: saved?.last4 ?? null,
          brand: saved?.brand ?? null,
        })
        .returning();
      return {
        ...toTransaction(charge as SandboxSession),
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
      const [canceled] = await db
        .update(sandboxSessions)
        .set({ status: "CANCELED" })
        .where(eq(sandboxSessions.id, session.id))
        .returning();
      return toTransaction(canceled as SandboxSession);
    },

    async readBinding(transactionID) {
      const session = await sessionOf(transactionID, "BIND");
      if (!session) return null;
      const { status, card } = toTransaction(session);
      return { transactionID: session.id, status, card, returnUrl: session.returnUrl };
    },

    async forgetCard(token) {
      await db.update(sandboxSessions).set({ cardToken: null }).where(eq(sandboxSessions.cardToken, token));
    },
  };
}
