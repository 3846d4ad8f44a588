// One simulated shopper of the soak (bench/soak.ts): round after round a new customer browses Riga,
// fills a cart, signs in with the demo outbox's SMS code, pays cash and watches the order, pausing
// as a person does between steps. Each request goes to the next storefront process in turn, so what
// one process made (a visitor cookie, a session, an order) is used on the other.
import WebSocket from "ws";
import {
  addToCart,
  type OrderableDish,
  placeCashOrder,
  rigaVendors,
  signIn,
  startCart,
  vendorCatalogue,
} from "./demo-visitors.ts";

export const STEPS = [
  "locality page /en/riga",
  "vendor page",
  "vendor list API",
  "catalogue API",
  "add to cart",
  "sign in (SMS code)",
  "place cash order",
  "tracking: first status",
] as const;
export type Step = (typeof STEPS)[number];

export interface ShopperOptions {
  /** The shopper's number: its phones and addresses, and which process it asks first. */
  index: number;
  /** The storefront processes' addresses. */
  servers: string[];
  /** The address visitors reach the storefront by (PUBLIC_URL): the tracking socket's Origin. */
  publicUrl: string;
  /** What the shopper may order: each round picks one. */
  dishes: OrderableDish[];
  /** When to stop (Date.now()); the step under way finishes first. */
  deadline(): number;
  /** Each step's outcome: its time (the requests', not the pauses') and, when it failed, why. */
  record(step: Step, ms: number, error?: string): void;
  /** Told of every request as it leaves. */
  onRequest(): void;
}

/** A person's pause between two steps: 0.5 to 2 seconds. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1500));
/** The longest wait for the tracking socket's first message. */
const TRACKING_TIMEOUT_MS = 15_000;

/** A failed step's message, short: an error page's HTML or a stack says nothing more in a report. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  return `${message.replace(/\s+/g, " ").slice(0, 240)}${cause ? ` (${cause})` : ""}`;
}

export async function runShopper(options: ShopperOptions): Promise<void> {
  let turn = options.index;
  const visit = {
    base: () => {
      options.onRequest();
      return options.servers[turn++ % options.servers.length]!;
    },
    headers: {} as Record<string, string>,
  };
  /** The socket of the order the shopper watches while it shops again; closed as the next round starts. */
  const watching: { socket: WebSocket | null } = { socket: null };

  for (let round = 0; Date.now() < options.deadline(); round++) {
    watching.socket?.close(1000);
    // A new customer each round: a phone never used (so no resend wait and no per-phone cap) and an
    // address of their own, as the proxy in front would forward it (the per-address code limit).
    const customer = options.index * 10_000 + (round % 10_000);
    const phone = `3712${String(customer).padStart(7, "0")}`;
    visit.headers = {
      "X-Forwarded-For": `10.${(customer >> 16) & 255}.${(customer >> 8) & 255}.${customer & 255}`,
    };
    const choice = options.dishes[Math.floor(Math.random() * options.dishes.length)]!;
    const vendorId = choice.vendor.id;
    const state: { cart?: { cartId: string; owner: string }; session?: string; orderId?: number } = {};

    const steps: Array<[Step, () => Promise<unknown>]> = [
      ["locality page /en/riga", () => openPage(visit, "/en/riga")],
      ["vendor page", () => openPage(visit, `/en/riga/vendor/${vendorId}`)],
      ["vendor list API", () => rigaVendors(visit)],
      ["catalogue API", () => vendorCatalogue(visit, vendorId)],
      [
        "add to cart",
        async () => {
          state.cart = await startCart(visit);
          await addToCart(visit, state.cart, choice);
        },
      ],
      [
        "sign in (SMS code)",
        async () => {
          state.session = await signIn(visit, phone);
        },
      ],
      [
        "place cash order",
        async () => {
          state.orderId = await placeCashOrder(
            visit,
            `${state.session}; ${state.cart!.owner}`,
            state.cart!.cartId,
          );
        },
      ],
      [
        "tracking: first status",
        async () => {
          watching.socket = await firstStatus(visit, options.publicUrl, state.session!, state.orderId!);
        },
      ],
    ];
    for (const [step, run] of steps) {
      await pause();
      if (Date.now() >= options.deadline()) break;
      const started = performance.now();
      try {
        await run();
        options.record(step, performance.now() - started);
      } catch (error) {
        options.record(step, performance.now() - started, reasonOf(error));
        // What comes next needs what failed (a cart, a session, an order): the customer starts over.
        break;
      }
    }
  }
  watching.socket?.close(1000);
}

type Visit = { base(): string; headers: Record<string, string> };

/** A page as a browser's first visit asks for it; read to its end, as the streamed render finishes. */
async function openPage(visit: Visit, path: string): Promise<void> {
  const response = await fetch(`${visit.base()}${path}`, {
    headers: { ...visit.headers, Accept: "text/html", "Accept-Language": "en" },
  });
  const html = await response.text();
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  if (!html.includes("</html>")) throw new Error(`GET ${path}: the page ended before </html>`);
}

/**
 * Opens the order's tracking socket as the order page does (the session cookie, the storefront's
 * Origin) and resolves with it once the first message, the current status, has come.
 */
function firstStatus(visit: Visit, publicUrl: string, session: string, orderId: number): Promise<WebSocket> {
  const url = `${visit.base().replace(/^http/, "ws")}/api/customer/orders/track?orderID=${orderId}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: { cookie: session },
      origin: publicUrl,
      perMessageDeflate: false,
    });
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.terminate();
      reject(error);
    };
    const refused = (_request: unknown, response: { statusCode?: number }) =>
      fail(new Error(`tracking refused with ${response.statusCode}`));
    const closed = (code: number) => fail(new Error(`tracking closed with ${code} before a status`));
    const timer = setTimeout(
      () => fail(new Error(`no status within ${TRACKING_TIMEOUT_MS} ms`)),
      TRACKING_TIMEOUT_MS,
    );
    socket.once("unexpected-response", refused);
    socket.on("error", fail);
    socket.once("close", closed);
    socket.once("message", (data) => {
      const message = JSON.parse(data.toString()) as { type?: string; status?: string };
      if (message.type !== "ORDER_STATUS_UPDATE" || !message.status) {
        return fail(new Error(`tracking's first message was ${data.toString().slice(0, 120)}`));
      }
      clearTimeout(timer);
      socket.off("close", closed);
      // From here the shopper only watches: an error is the socket's end, not the step's.
      socket.off("error", fail);
      socket.on("error", () => {});
      resolve(socket);
    });
  });
}
