import {
  DEFAULT_COURIER_KMH as COURIER_KMH,
  MAX_OFFER_KM,
  PICK_UP_MINUTES,
  POSITION_FRESH_MINUTES,
  type Point,
  pathLengthKm,
  streetPath,
  streetPathKm,
} from "@storefront/domain";
import type { Order } from "@storefront/domain/contract";
import type { FastifyInstance } from "fastify";
import { findCouriersOnShift } from "../couriers/dispatch-repository.ts";
import { demoCouriersOf } from "../seed/demo-staff.ts";
import { DEMO_PARTNER } from "../seed/partner.ts";
import { pointAlong } from "./courier-path.ts";

/**
 * How long each step takes at speed 1, in seconds: a restaurant accepts within half a minute, cooks
 * for a time within its own cooking time (ten minutes when that cannot be read), a courier picks up
 * two minutes after the food is ready and hands over in one.
 */
const STEP_SECONDS = {
  accept: 30,
  startCooking: 15,
  cook: 600,
  pickUp: PICK_UP_MINUTES * 60,
  handOver: 60,
  takeawayCollected: 600,
} as const;

const ACTIVE = ["WAITING_APPROVAL", "APPROVED", "PREPARING", "READY", "ON_DELIVERY", "ARRIVED"] as const;

export interface DeliverySimulator {
  /** One look at the active orders, moving each that is due; the timer calls it every second. */
  tick(): Promise<void>;
  stop(): void;
}

/**
 * The demo's vendors and couriers: through the ops API (with the demo dispatch key) it takes every
 * paid order of a vendor without console staff through its statuses and drives a courier from the
 * vendor to the customer, except where people are on shift in the courier app: within their reach it
 * only cooks, and automatic dispatch offers the orders to them. `speed` divides every duration: at 60
 * a thirty-minute delivery lasts thirty seconds.
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

  /**
   * The people on shift in the courier app (phones and positions), read at each look: near one of
   * them, the simulator plays no courier and leaves the order to automatic dispatch and to them.
   */
  let people: { phone: string; position: Point }[] = [];
  const personNear = (kitchen: Point | undefined) =>
    kitchen !== undefined && people.some((person) => streetPathKm(person.position, kitchen) <= MAX_OFFER_KM);
  const deliveredByPerson = (order: Order) =>
    order.courier !== null && people.some((person) => person.phone === order.courier?.phone);

  async function step(order: Order): Promise<void> {
    const move = (action: string) => ops("POST", `/api/ops/orders/${order.id}/${action}`);
    const since = elapsed(order);
    const delivery = order.receiptType === "DELIVERY";
    // A person's job (or one dispatch is offering to the people near): the simulator only cooks it.
    const forPeople =
      delivery && (deliveredByPerson(order) || (!order.courier && personNear(order.vendors[0])));
    if (forPeople && ["READY", "ON_DELIVERY", "ARRIVED"].includes(order.status)) return;
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
        // A courier is tied to an order once its kitchen starts it, not a day early for a preorder:
        // one of the couriers of its own city.
        if (delivery && !order.courier && !forPeople) {
          const couriers = demoCouriersOf(order.localityCode);
          const courier = couriers[order.id % couriers.length];
          if (courier) await ops("POST", `/api/ops/orders/${order.id}/courier`, courier);
        }
        return;
      case "PREPARING":
        if (since >= (await cookSecondsOf(order))) await move("ready");
        return;
      case "READY":
        if (!delivery) {
          if (since >= STEP_SECONDS.takeawayCollected) await move("complete");
        } else if (since >= STEP_SECONDS.pickUp) {
          await move("on-delivery");
        }
        return;
      case "ON_DELIVERY": {
        const path = ridePath(order);
        if (!path) return void (await move("arrived"));
        const rideSeconds = (pathLengthKm(path) / COURIER_KMH) * 3600;
        const share = rideSeconds === 0 ? 1 : since / rideSeconds;
        await ops("POST", `/api/ops/orders/${order.id}/courier-location`, pointAlong(path, share));
        if (share >= 1) await move("arrived");
        return;
      }
      case "ARRIVED":
        if (since >= STEP_SECONDS.handOver) await move("complete");
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

  let running: Promise<void> | null = null;
  async function tick(): Promise<void> {
    // One look at a time: a slow look is not overtaken by the next.
    if (running) return running;
    running = (async () => {
      const freshSince = new Date(options.now().getTime() - POSITION_FRESH_MINUTES * 60_000);
      people = (await findCouriersOnShift(app.services.db, { freshSince })).map((courier) => ({
        phone: courier.phone,
        position: { latitude: courier.latitude ?? 0, longitude: courier.longitude ?? 0 },
      }));
      // A vendor with staff of its own takes its orders in the console, and its partner's
      // dispatchers deliver them: the simulator leaves those orders to them.
      const staffed = new Set<number>((await ops("GET", "/api/ops/console-vendors"))?.vendorIds ?? []);
      for (const status of ACTIVE) {
        const page = await ops("GET", `/api/ops/orders?status=${status}&size=100`);
        for (const order of (page?.content ?? []) as Order[]) {
          if (order.vendorCarts.some((vendorCart) => staffed.has(vendorCart.vendorId))) continue;
          await step(order);
        }
      }
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
