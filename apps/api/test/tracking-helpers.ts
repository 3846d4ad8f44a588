import { endpoints } from "@storefront/domain/contract";
import type { FastifyInstance } from "fastify";
import { apiPath } from "./paths.ts";

interface TestSocket {
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "close", listener: (code: number) => void): void;
  send(text: string): void;
  terminate(): void;
}
type Injectable = FastifyInstance & {
  injectWS(
    path: string,
    context?: { headers?: Record<string, string> },
    options?: { onInit?: (socket: TestSocket) => void },
  ): Promise<TestSocket>;
};

export type TrackingMessage = Record<string, unknown>;

/**
 * Connects to the order's tracking socket (with the session cookie, or `?token=` as the native app
 * does) and collects the JSON messages it receives; rejects with the status of a refused upgrade.
 * Listeners go on as the socket is made: the server may speak before the upgrade's promise settles.
 */
export async function track(
  app: FastifyInstance,
  orderId: number,
  session: { cookie: string } | { token: string } | null,
) {
  const messages: TrackingMessage[] = [];
  const waiters: Array<() => void> = [];
  let closeCode: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => {
    closeCode = resolve;
  });
  const token = session && "token" in session ? session.token : undefined;
  const socket = await (app as Injectable).injectWS(
    apiPath(endpoints.trackOrder(orderId, token)),
    { headers: session && "cookie" in session ? { cookie: session.cookie } : {} },
    {
      onInit: (ws) => {
        ws.on("message", (data) => {
          const text = data.toString();
          messages.push(text === "pong" ? { type: "pong" } : JSON.parse(text));
          for (const wake of waiters.splice(0)) wake();
        });
        ws.on("close", (code) => closeCode(code));
      },
    },
  );
  /** Resolves once a message matching the predicate has arrived. */
  const next = (match: (m: TrackingMessage) => boolean) =>
    new Promise<TrackingMessage>((resolve) => {
      const check = () => {
        const found = messages.find(match);
        if (found) resolve(found);
        else waiters.push(check);
      };
      check();
    });
  return { socket, messages, next, closed };
}

/** Opens the order's tracking socket and closes it again once told the status: whether it opened. */
export async function opens(
  app: FastifyInstance,
  orderId: number,
  session: { cookie: string } | { token: string },
): Promise<true> {
  const tracker = await track(app, orderId, session);
  await tracker.next((m) => m.type === "ORDER_STATUS_UPDATE");
  tracker.socket.terminate();
  return true;
}
