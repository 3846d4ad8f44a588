// How good the arrival window is (issue 19): a storefront in demo mode whose delivery simulator runs
// fast takes one cash order from each of several open Riga restaurants; each order's first window
// (told when it was placed) is set against the moment the simulated courier arrived. The simulator's
// kitchens cook for a time within their own cooking time and its couriers ride the street path, so
// the figure is the estimate's, measured against deliveries it did not make up.
import { addToCart, call, orderableDishes, placeCashOrder, signIn, startCart } from "./demo-visitors.ts";
import { startStorefront } from "./server-processes.ts";

/** One order's first window and its arrival, in simulated minutes after it was placed. */
export interface ArrivalFigure {
  vendor: string;
  windowFrom: number;
  windowTo: number;
  arrivedAfter: number;
  /** Minutes outside the window (negative: early), 0 when inside it. */
  outsideBy: number;
}

interface PlacedOrder {
  createdAt: string;
  status: string;
  eta: { from: string; to: string } | null;
  statusHistory: Array<{ status: string; at: string }>;
}

const MINUTE = 60_000;

export async function runArrivalBench(options: { orders: number; speed: number }): Promise<ArrivalFigure[]> {
  const server = await startStorefront({ env: { SIMULATION_SPEED: String(options.speed) } });
  try {
    const placed: Array<{ vendor: string; id: number; cookie: string; first: PlacedOrder }> = [];
    for await (const choice of orderableDishes(server.url)) {
      if (placed.length >= options.orders) break;
      const cookie = await signIn(server.url, `3712${Math.floor(1_000_000 + Math.random() * 8_999_999)}`);
      const cart = await startCart(server.url, cookie);
      await addToCart(server.url, cart, choice);
      // A restaurant closing before the order could arrive refuses it (closing-time honesty): the next.
      const id = await placeCashOrder(server.url, cookie, cart.cartId).catch(() => null);
      if (id === null) continue;
      const first = (await call<PlacedOrder>(server.url, "GET", `/customer/me/orders/${id}`, { cookie }))
        .body;
      placed.push({ vendor: choice.vendor.name, id, cookie, first });
    }
    if (placed.length === 0) throw new Error("no Riga restaurant takes an order now");
    // At speed 60 an hour's delivery takes a minute: wait for every order to be handed over.
    const deadline = Date.now() + (3 * 3_600_000) / options.speed + 30_000;
    const figures: ArrivalFigure[] = [];
    for (const order of placed) {
      let now: PlacedOrder = order.first;
      while (!now.statusHistory.some((change) => change.status === "ARRIVED")) {
        if (Date.now() > deadline) throw new Error(`order ${order.id} did not arrive (${now.status})`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        now = (
          await call<PlacedOrder>(server.url, "GET", `/customer/me/orders/${order.id}`, {
            cookie: order.cookie,
          })
        ).body;
      }
      const placedAt = Date.parse(order.first.createdAt);
      const arrivedAt = Date.parse(now.statusHistory.find((change) => change.status === "ARRIVED")!.at);
      const eta = order.first.eta;
      if (!eta) throw new Error(`order ${order.id} was placed without a window`);
      // The window is on the real clock (the estimate knows nothing of the simulator's speed); the
      // delivery ran `speed` times faster: its minutes are the real ones times the speed.
      const windowFrom = (Date.parse(eta.from) - placedAt) / MINUTE;
      const windowTo = (Date.parse(eta.to) - placedAt) / MINUTE;
      const arrivedAfter = ((arrivedAt - placedAt) * options.speed) / MINUTE;
      const outsideBy =
        arrivedAfter < windowFrom
          ? arrivedAfter - windowFrom
          : arrivedAfter > windowTo
            ? arrivedAfter - windowTo
            : 0;
      figures.push({ vendor: order.vendor, windowFrom, windowTo, arrivedAfter, outsideBy });
    }
    return figures;
  } finally {
    await server.stop();
  }
}
