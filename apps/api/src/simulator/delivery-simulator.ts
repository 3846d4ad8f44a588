import {
  DEFAULT_COURIER_KMH as COURIER_KMH,
  PICK_UP_MINUTES,
  pathLengthKm,
  streetPath,
} from "@storefront/domain";
import type { Order } from "@storefront/domain/contract";
import type { FastifyInstance } from "fastify";
import { findPartnerOfCode } from "../plugins/partner-repository.ts";
import { DEMO_PARTNER } from "../seed/partner.ts";
import { type SimulatedCouriers, simulatedCouriers } from "./simulated-couriers.ts";

/**
 * How long each kitchen step takes at speed 1, in seconds: a restaurant accepts within half a
 * minute, cooks for a time within its own cooking time (ten minutes when that cannot be read), and a
 * takeaway is collected within ten minutes of being ready. A preorder's kitchen counts a courier's
 * pick-up, two minutes after the food is ready, before the ride.
 */
const STEP_SECONDS = {
  accept: 30,
  startCooking: 15,
  cook: 600,
  pickUp: PICK_UP_MINUTES * 60,
  takeawayCollected: 600,
} as const;

/** The statuses in which the kitchen has a move to make. */
const KITCHEN = ["WAITING_APPROVAL", "APPROVED", "PREPARING", "READY"] as const;

export interface DeliverySimulator {
  /** One look at the active orders, moving each that is due; the timer calls it every second. */
  tick(): Promise<void>;
  stop(): void;
}

/**
 * The demo: through the ops API (with the demo dispatch key) it plays the kitchen of every vendor
 * without console staff, taking each paid order from its acceptance to ready (a takeaway to its
 * collection); its couriers (simulated-couriers.ts) take the deliveries through the courier service
 * and automatic dispatch, as people do. `speed` divides every duration: at 60 a thirty-minute
 * delivery lasts thirty seconds.
 */
export function startDeliverySimulator(options: {
  app: FastifyInstance;
  apiKey: string;
  speed: number;
  now: () => Date;
  /** Null: no timer; the caller ticks (tests). */
  intervalMs: number | null;
}): DeliverySimulator {
  const { app, apiKey, speed } = options;
  const headers = { "x-api-key": apiKey };

  const ops = async (method: "GET" | "POST", url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) {
      // Someone else moved the order meanwhile (the customer cancelled): the next look sees it.
      app.log.debug({ url, status: response.statusCode }, "simulator step skipped");
      return null;
    }
    return response.json();
  };

  /** Each vendor's cooking time as its page says (shortest, longest minutes), asked once. */
  const cookingTimes = new Map<number, Promise<readonly [number, number] | null>>();
  const cookingTimeOf = (vendorId: number) => {
    let known = cookingTimes.get(vendorId);
    if (!known) {
      known = app
        .inject({
          method: "GET",
          url: `/api/vendors/${vendorId}`,
          headers: { "x-partner-code": DEMO_PARTNER.code },
        })
        .then((response) => {
          if (response.statusCode !== 200) return null;
          const { start, end } = response.json().cookingTimeRange as { start: number; end: number };
          return [start, end] as const;
        });
      cookingTimes.set(vendorId, known);
    }
    return known;
  };

  /**
   * How long the kitchen cooks an order, in seconds at speed 1: somewhere in its vendor's cooking
   * time, orders spread over it (as a real kitchen's are), so the arrival estimate meets real spread.
   */
  async function cookSecondsOf(order: Order): Promise<number> {
    const vendorId = order.vendorCarts[0]?.vendorId;
    const range = vendorId === undefined ? null : await cookingTimeOf(vendorId);
    if (!range) return STEP_SECONDS.cook;
    const [shortest, longest] = range;
    return (shortest + ((order.id * 7) % (longest - shortest + 1))) * 60;
  }

  /** Seconds (at speed 1) since the order's last status change. */
  const elapsed = (order: Order) => {
    const last = order.statusHistory.at(-1)?.at ?? order.createdAt;
    return ((options.now().getTime() - new Date(last).getTime()) / 1000) * speed;
  };

  async function step(order: Order): Promise<void> {
    const move = (action: string) => ops("POST", `/api/ops/orders/${order.id}/${action}`);
    const since = elapsed(order);
    switch (order.status) {
      case "WAITING_APPROVAL":
        if (since < STEP_SECONDS.accept) return;
        await move("accept");
        return;
      case "APPROVED":
        if (since < STEP_SECONDS.startCooking) return;
        // A preorder waits in the kitchen's queue until cooking it makes it arrive on time.
        if (
          order.preorderAt &&
          options.now().getTime() < (await cookingStartOf(order, new Date(order.preorderAt)))
        )
          return;
        await move("preparing");
        return;
      case "PREPARING":
        if (since >= (await cookSecondsOf(order))) await move("ready");
        return;
      case "READY":
        // A delivery is its courier's to take; a takeaway is collected.
        if (order.receiptType !== "DELIVERY" && since >= STEP_SECONDS.takeawayCollected)
          await move("complete");
        return;
    }
  }

  /** When to start cooking a preorder: its time less cooking, pick-up and the ride, at this speed. */
  async function cookingStartOf(order: Order, wanted: Date): Promise<number> {
    const path = order.receiptType === "DELIVERY" ? ridePath(order) : null;
    const rideSeconds = path ? (pathLengthKm(path) / COURIER_KMH) * 3600 : 0;
    const leadSeconds = (await cookSecondsOf(order)) + (path ? STEP_SECONDS.pickUp + rideSeconds : 0);
    return wanted.getTime() - (leadSeconds / speed) * 1000;
  }

  let couriers: SimulatedCouriers | null = null;
  async function couriersOfDemo(): Promise<SimulatedCouriers | null> {
    if (couriers) return couriers;
    const partner = await findPartnerOfCode(app.services.db, DEMO_PARTNER.code);
    if (!partner) return null;
    couriers = simulatedCouriers({
      deps: { ...app.services.orderOutcome, dispatch: app.services.dispatch },
      partnerId: partner.id,
      speed,
      now: options.now,
      log: app.log,
    });
    return couriers;
  }

  let running: Promise<void> | null = null;
  async function tick(): Promise<void> {
    // One look at a time: a slow look is not overtaken by the next.
    if (running) return running;
    running = (async () => {
      // A vendor with staff of its own takes its orders in the console, and its partner's
      // dispatchers deliver them: the simulator leaves those orders to them.
      const staffed = new Set<number>((await ops("GET", "/api/ops/console-vendors"))?.vendorIds ?? []);
      for (const status of KITCHEN) {
        const page = await ops("GET", `/api/ops/orders?status=${status}&size=100`);
        for (const order of (page?.content ?? []) as Order[]) {
          if (order.vendorCarts.some((vendorCart) => staffed.has(vendorCart.vendorId))) continue;
          await step(order);
        }
      }
      await (await couriersOfDemo())?.tick({ staffedVendors: staffed });
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const timer =
    options.intervalMs === null ? null : setInterval(() => void tick().catch(report), options.intervalMs);
  timer?.unref();
  function report(error: unknown) {
    app.log.error({ err: error }, "delivery simulator failed a step");
  }
  return {
    tick,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

/** From the order's (first) vendor to its address. */
function ridePath(order: Order) {
  const vendor = order.vendors[0];
  if (!vendor || !order.address) return null;
  return streetPath(vendor, order.address);
}
