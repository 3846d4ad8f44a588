// npm run bench -- --only dispatch: a simulated Riga afternoon, dispatched twice in one run: by the
// domain's automatic dispatch (chooseCourier, offerDue) and by the baseline "nearest idle courier as
// soon as the kitchen accepts". Same orders, same kitchens, same couriers, same seed for both.
import {
  chooseCourier,
  DEFAULT_COURIER_KMH,
  DEFAULT_OFFER_SECONDS,
  type DispatchCourier,
  type DispatchJob,
  HANDOVER_MINUTES,
  isPointInPolygon,
  nearestIdleCourier,
  nextStop,
  offerDue,
  PICK_UP_MINUTES,
  type Point,
  sameKitchen,
  streetPath,
  streetPathKm,
} from "@storefront/domain";
import { localities } from "../apps/api/src/seed/content/localities.ts";
import { menus } from "../apps/api/src/seed/content/menus.ts";
import type { Section } from "./report.ts";

export interface DispatchCityOptions {
  couriers: number;
  ordersPerHour: number;
  hours: number;
  seed: number;
}

export const DISPATCH_CITY: DispatchCityOptions = { couriers: 30, ordersPerHour: 200, hours: 2, seed: 7 };

export interface DispatchFigures {
  rule: string;
  orders: number;
  delivered: number;
  p50Minutes: number;
  p90Minutes: number;
  /** The average way from kitchen to door. */
  rideKm: number;
  kmPerDelivery: number;
  batched: number;
  /** The longest an order's food was ready with no courier given while a courier had nothing to do. */
  longestWaitWhileFreeMinutes: number;
}

const MINUTE = 60_000;
/** The simulation's step: positions and decisions every quarter of a minute. */
const STEP_MS = 15_000;
/** A kitchen accepts this long after the order is placed. */
const ACCEPT_MS = 30_000;
/** A customer picks among the kitchens this many nearest them. */
const NEAR_KITCHENS = 5;

/** A small seeded generator (mulberry32): both rules see the same afternoon. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Kitchen extends Point {
  cooking: [number, number];
}

interface SimOrder {
  id: number;
  kitchen: Kitchen;
  dropOff: Point;
  placedAt: number;
  acceptedAt: number;
  readyAt: number;
  courierId: number | null;
  pickedUp: boolean;
  deliveredAt: number | null;
  waitedWhileFree: number;
}

interface SimCourier {
  id: number;
  position: Point;
  jobs: SimOrder[];
  deliveries: number;
  km: number;
  /** Busy at a kitchen's counter or a door until then. */
  busyUntil: number;
}

const toPoint = ([latitude, longitude]: readonly [number, number]): Point => ({ latitude, longitude });

/** The demo's Riga: its delivery zone, centre and the kitchens that deliver, with their cooking times. */
function riga() {
  const template = localities.find((locality) => locality.code === "riga");
  if (!template) throw new Error("no Riga in the demo seed");
  const kitchens = template.vendors.flatMap((vendor): Kitchen[] => {
    const menu = menus.find((known) => known.key === vendor.menu);
    if (!menu || vendor.takeawayOnly) return [];
    return [{ ...toPoint(vendor.position), cooking: menu.cookingMinutes }];
  });
  return { zone: template.zone.map(toPoint), centre: toPoint(template.center), kitchens };
}

/** A point of the zone, more often near the centre (where people live closer together). */
function doorIn(zone: Point[], centre: Point, next: () => number): Point {
  for (;;) {
    // A normal spread of about 2.5 km around the centre (Box-Muller), kept inside the zone.
    const radius = Math.sqrt(-2 * Math.log(1 - next())) * 0.025;
    const angle = 2 * Math.PI * next();
    const point = {
      latitude: centre.latitude + radius * Math.sin(angle),
      longitude: centre.longitude + (radius * Math.cos(angle)) / Math.cos((centre.latitude * Math.PI) / 180),
    };
    if (isPointInPolygon(point, zone)) return point;
  }
}

/** The afternoon: orders arriving at random (Poisson) and the couriers' starting points. */
function afternoon(options: DispatchCityOptions) {
  const city = riga();
  const next = random(options.seed);
  const orders: SimOrder[] = [];
  const end = options.hours * 60 * MINUTE;
  let at = 0;
  for (let id = 1; ; id++) {
    at += (-Math.log(1 - next()) / options.ordersPerHour) * 60 * MINUTE;
    if (at >= end) break;
    // A customer orders from one of the kitchens near them, as the storefront's list puts them first.
    const dropOff = doorIn(city.zone, city.centre, next);
    const near = [...city.kitchens]
      .sort((a, b) => streetPathKm(dropOff, a) - streetPathKm(dropOff, b))
      .slice(0, NEAR_KITCHENS);
    const kitchen = near[Math.floor(next() * near.length)] as Kitchen;
    const [shortest, longest] = kitchen.cooking;
    const cook = (shortest + next() * (longest - shortest)) * MINUTE;
    orders.push({
      id,
      kitchen,
      dropOff,
      placedAt: at,
      acceptedAt: at + ACCEPT_MS,
      readyAt: at + ACCEPT_MS + cook,
      courierId: null,
      pickedUp: false,
      deliveredAt: null,
      waitedWhileFree: 0,
    });
  }
  const couriers = Array.from({ length: options.couriers }, (_, index) => ({
    id: index + 1,
    position: doorIn(city.zone, city.centre, next),
  }));
  return { orders, couriers };
}

/** A point `km` along the street path from `from` to `to` (there, when the path is shorter). */
function moveAlong(from: Point, to: Point, km: number): Point {
  const [, corner] = streetPath(from, to) as [Point, Point, Point];
  const first = streetPathKm(from, corner);
  if (km < first) return between(from, corner, km / first);
  const second = streetPathKm(corner, to);
  if (km - first < second) return between(corner, to, (km - first) / second);
  return to;
}

function between(a: Point, b: Point, share: number): Point {
  return {
    latitude: a.latitude + (b.latitude - a.latitude) * share,
    longitude: a.longitude + (b.longitude - a.longitude) * share,
  };
}

/** One step of a courier's ride: along the way to the next stop, and what happens there. */
function ride(courier: SimCourier, now: number, kmh: number): void {
  let left = STEP_MS;
  while (left > 0) {
    if (courier.busyUntil > now + (STEP_MS - left)) {
      left = Math.max(0, now + STEP_MS - courier.busyUntil);
      continue;
    }
    const stop = nextStop(courier.position, courier.jobs);
    if (!stop) return;
    const target = stop.at === "kitchen" ? stop.job.kitchen : stop.job.dropOff;
    const km = streetPathKm(courier.position, target);
    const canRide = (kmh * left) / 3_600_000;
    if (km > canRide) {
      courier.position = moveAlong(courier.position, target, canRide);
      courier.km += canRide;
      return;
    }
    courier.position = target;
    courier.km += km;
    left -= (km / kmh) * 3_600_000;
    const at = now + (STEP_MS - left);
    if (stop.at === "kitchen") {
      courier.busyUntil = Math.max(at, stop.job.readyAt) + PICK_UP_MINUTES * MINUTE;
      // Every job of this counter whose food is ready by then leaves with the courier.
      for (const job of courier.jobs)
        if (!job.pickedUp && sameKitchen(job.kitchen, stop.job.kitchen) && job.readyAt <= courier.busyUntil)
          job.pickedUp = true;
    } else {
      courier.busyUntil = at + HANDOVER_MINUTES * MINUTE;
      stop.job.deliveredAt = courier.busyUntil;
      courier.jobs = courier.jobs.filter((job) => job !== stop.job);
      courier.deliveries += 1;
    }
  }
}

const asDispatchJob = (order: SimOrder): DispatchJob => ({
  orderId: order.id,
  kitchen: order.kitchen,
  dropOff: order.dropOff,
  readyAt: order.readyAt,
  pickedUp: order.pickedUp,
});

type Rule = (input: {
  order: SimOrder;
  couriers: SimCourier[];
  now: number;
  kmh: number;
}) => { courierId: number; batch: boolean } | null;

/** The domain's automatic dispatch, offers accepted at once. */
const automatic: Rule = ({ order, couriers, now, kmh }) => {
  const view: DispatchCourier[] = couriers.map((courier) => ({
    id: courier.id,
    position: courier.position,
    jobs: courier.jobs.map(asDispatchJob),
    deliveries: courier.deliveries,
  }));
  const dispatchOrder = {
    id: order.id,
    kitchen: order.kitchen,
    dropOff: order.dropOff,
    readyAt: order.readyAt,
  };
  const choice = chooseCourier(dispatchOrder, view, { now, kmh });
  if (!choice || !offerDue(choice, dispatchOrder, DEFAULT_OFFER_SECONDS)) return null;
  return { courierId: choice.courierId, batch: choice.batchWith !== null };
};

/** The baseline: the nearest courier with nothing to do, as soon as the kitchen accepts. */
const nearestIdle: Rule = ({ order, couriers }) => {
  const idle = couriers.map((courier) => ({
    id: courier.id,
    position: courier.position,
    jobs: courier.jobs.map(asDispatchJob),
    deliveries: courier.deliveries,
  }));
  const courierId = nearestIdleCourier(order, idle);
  return courierId === null ? null : { courierId, batch: false };
};

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

/** One afternoon under one rule, until every order is at its door. */
function simulate(name: string, rule: Rule, options: DispatchCityOptions): DispatchFigures {
  const { orders, couriers: starts } = afternoon(options);
  const couriers: SimCourier[] = starts.map((start) => ({
    ...start,
    jobs: [],
    deliveries: 0,
    km: 0,
    busyUntil: 0,
  }));
  const kmh = DEFAULT_COURIER_KMH;
  let batched = 0;
  const limit = (options.hours + 12) * 60 * MINUTE;
  for (let now = 0; now < limit && orders.some((order) => order.deliveredAt === null); now += STEP_MS) {
    const open = orders
      .filter((order) => order.courierId === null && order.acceptedAt <= now)
      .sort((a, b) => a.readyAt - b.readyAt);
    for (const order of open) {
      const chosen = rule({ order, couriers, now, kmh });
      if (!chosen) continue;
      const courier = couriers.find((known) => known.id === chosen.courierId) as SimCourier;
      courier.jobs.push(order);
      order.courierId = courier.id;
      if (chosen.batch) batched += 1;
    }
    const someoneFree = couriers.some((courier) => courier.jobs.length === 0);
    for (const order of orders)
      if (order.courierId === null && order.readyAt <= now && someoneFree) order.waitedWhileFree += STEP_MS;
    for (const courier of couriers) ride(courier, now, kmh);
  }
  const times = orders
    .flatMap((order) => (order.deliveredAt === null ? [] : [(order.deliveredAt - order.placedAt) / MINUTE]))
    .sort((a, b) => a - b);
  const delivered = couriers.reduce((sum, courier) => sum + courier.deliveries, 0);
  return {
    rule: name,
    orders: orders.length,
    delivered,
    p50Minutes: percentile(times, 0.5),
    p90Minutes: percentile(times, 0.9),
    rideKm:
      orders.reduce((sum, order) => sum + streetPathKm(order.kitchen, order.dropOff), 0) / orders.length,
    kmPerDelivery: couriers.reduce((sum, courier) => sum + courier.km, 0) / Math.max(1, delivered),
    batched,
    longestWaitWhileFreeMinutes: Math.max(0, ...orders.map((order) => order.waitedWhileFree)) / MINUTE,
  };
}

/** Both rules over the same afternoon. */
export function runDispatchBench(options: DispatchCityOptions = DISPATCH_CITY): DispatchFigures[] {
  return [
    simulate("automatic dispatch", automatic, options),
    simulate("nearest idle courier", nearestIdle, options),
  ];
}

/** The afternoon, and a quieter one where couriers outnumber the work, as a report section. */
export function dispatchSection(): Section {
  const quiet = { ...DISPATCH_CITY, ordersPerHour: 90 };
  const rows = [DISPATCH_CITY, quiet].flatMap((options) =>
    runDispatchBench(options).map((figures) => [
      `${options.ordersPerHour}/h: ${figures.rule}`,
      `${figures.delivered}/${figures.orders}`,
      figures.p50Minutes.toFixed(1),
      figures.p90Minutes.toFixed(1),
      figures.kmPerDelivery.toFixed(2),
      String(figures.batched),
      figures.longestWaitWhileFreeMinutes.toFixed(1),
    ]),
  );
  const [auto, nearest] = runDispatchBench(DISPATCH_CITY) as [DispatchFigures, DispatchFigures];
  const shorter = (1 - auto.p90Minutes / nearest.p90Minutes) * 100;
  return {
    title: `Dispatch: a simulated Riga afternoon (${DISPATCH_CITY.couriers} couriers, ${DISPATCH_CITY.hours} h)`,
    columns: [
      "orders an hour: rule",
      "delivered",
      "order to door p50 (min)",
      "p90 (min)",
      "courier km per delivery",
      "batched",
      "longest wait with a courier free (min)",
    ],
    rows,
    notes: [
      `At ${DISPATCH_CITY.ordersPerHour} orders an hour: automatic dispatch's p90 is ${shorter.toFixed(0)}% shorter than the nearest idle courier's (goal ≥ 15%), at ${auto.kmPerDelivery.toFixed(2)} km per delivery against ${nearest.kmPerDelivery.toFixed(2)} (goal ≤), longest wait for a courier while one was free ${auto.longestWaitWhileFreeMinutes.toFixed(1)} min (goal ≤ 5).`,
      `The demo's Riga kitchens and cooking times; doors spread around the centre (about 2.5 km), each customer ordering from one of the ${NEAR_KITCHENS} kitchens nearest them; couriers at ${DEFAULT_COURIER_KMH} km/h on the street path, offers accepted at once; seed ${DISPATCH_CITY.seed}.`,
      `${DISPATCH_CITY.couriers} couriers cannot carry ${DISPATCH_CITY.ordersPerHour} orders an hour one at a time (about 20 min each): both rules queue, and the figures measure how much sooner the queue drains; the quieter afternoon shows the rules where couriers wait for work.`,
    ],
  };
}
