import { MAX_OFFER_KM, POSITION_FRESH_MINUTES, type Point, streetPathKm } from "@storefront/domain";
import type { CourierJob } from "@storefront/domain/contract";
import type { FastifyBaseLogger } from "fastify";
import { listLocalities } from "../catalogue/localities-repository.ts";
import { findCourierById, findSimulatedCouriers } from "../couriers/courier-accounts-repository.ts";
import {
  type CourierDeps,
  listCourierJobs,
  reportPosition,
  setShift,
  takeCourierStep,
} from "../couriers/courier-jobs.ts";
import type { CourierRow } from "../couriers/courier-sessions-repository.ts";
import { acceptOffer, declineOffer } from "../couriers/dispatch.ts";
import { findCouriersOnShift, findJobsOfCouriers, findOpenOffers } from "../couriers/dispatch-repository.ts";
import { AppError } from "../errors.ts";
import { findOrderById } from "../orders/orders-repository.ts";
import { SIMULATED_COURIERS } from "../seed/demo-staff.ts";
import { courierMove, type Ride } from "./courier-moves.ts";

/** How often an idle simulated courier tells where they wait (ms), so dispatch counts them as fresh. */
const IDLE_REPORT_MS = 60_000;

export interface SimulatedCouriers {
  /** One look at every simulated courier; `staffedVendors` are the vendors whose orders they let go. */
  tick(input: { staffedVendors: ReadonlySet<number> }): Promise<void>;
}

/**
 * The demo's couriers, played as people would play the courier app, through the same courier
 * service and automatic dispatch (decision 0162): each at home in one city, on shift there while no
 * person is; offered orders by dispatch, they take them (but the orders of vendors with staff of
 * their own, which the partner's dispatchers deliver), ride to the kitchen and on to the door,
 * telling their position on the way, and give the customer's code at the door. Where a person comes
 * on shift, they finish what they hold and go off shift, so the person gets the city's offers.
 */
export function simulatedCouriers(options: {
  deps: CourierDeps;
  partnerId: number;
  speed: number;
  now: () => Date;
  log: FastifyBaseLogger;
}): SimulatedCouriers {
  const { deps, partnerId, speed } = options;
  const { db } = deps;
  const rides = new Map<number, Ride>();
  const atDoor = new Map<number, number>();
  let homes: Map<string, Point> | null = null;

  /** Where a courier of the simulator waits when they come on shift: by their city's centre. */
  async function homeOf(courier: CourierRow): Promise<Point | null> {
    homes ??= new Map(
      (await listLocalities(db, partnerId)).map((row) => [
        row.code,
        { latitude: row.centerLatitude, longitude: row.centerLongitude },
      ]),
    );
    const city = SIMULATED_COURIERS.find((seat) => seat.phone === courier.phone)?.localityCode;
    const centre = city ? homes.get(city) : undefined;
    if (!centre) return null;
    // Each waits a few hundred metres from the centre in a direction of their own, not all on one spot.
    const seats = SIMULATED_COURIERS.filter((seat) => seat.localityCode === city);
    const turn = (2 * Math.PI * seats.findIndex((seat) => seat.phone === courier.phone)) / seats.length;
    return {
      latitude: centre.latitude + 0.004 * Math.cos(turn),
      longitude: centre.longitude + 0.006 * Math.sin(turn),
    };
  }

  const positionOf = (courier: CourierRow, home: Point): Point =>
    courier.latitude !== null && courier.longitude !== null
      ? { latitude: courier.latitude, longitude: courier.longitude }
      : home;

  async function play(
    courier: CourierRow,
    home: Point,
    look: { personHere: boolean; busy: boolean; staffed: ReadonlySet<number> },
  ) {
    const { personHere, staffed } = look;
    const now = options.now();
    if (courier.shiftStartedAt === null || courier.shiftEndedAt !== null) {
      if (personHere) return;
      await setShift(deps, { courier, online: true, now });
      const onShift = await findCourierById(db, courier.id);
      // Back where they last were when that is in their city, else at its centre.
      const start = positionOf(courier, home);
      if (onShift)
        await reportPosition(deps, {
          courier: onShift,
          location: streetPathKm(start, home) <= MAX_OFFER_KM ? start : home,
          now,
        });
      return;
    }

    const position = positionOf(courier, home);
    if (!look.busy) {
      // Nothing offered, nothing in hand: waiting where they are, or going home if a person came.
      rides.delete(courier.id);
      if (personHere) await setShift(deps, { courier, online: false, now });
      else if (!courier.locatedAt || now.getTime() - courier.locatedAt.getTime() >= IDLE_REPORT_MS)
        await reportPosition(deps, { courier, location: position, now });
      return;
    }

    let jobs = await listCourierJobs(deps, courier, now);
    for (const offer of jobs.offers) {
      // An offer made in the moment before they leave a person's city is taken, not let go: a
      // courier who declines is never offered that order again.
      const order = await findOrderById(db, offer.orderId);
      const vendorId = order?.snapshot.vendorCarts[0]?.vendorId;
      const letGo = vendorId !== undefined && staffed.has(vendorId);
      await (letGo ? declineOffer : acceptOffer)(deps, { courier, orderId: offer.orderId, now }).catch(
        answered,
      );
    }
    if (jobs.offers.length > 0) jobs = await listCourierJobs(deps, courier, now);
    if (jobs.active.length === 0) return;

    const move = courierMove({
      position,
      jobs: jobs.active.map((job) => simulatedJob(job, now)),
      ride: rides.get(courier.id) ?? null,
      now: now.getTime(),
      speed,
    });
    if (move.ride) rides.set(courier.id, move.ride);
    if (move.position.latitude !== position.latitude || move.position.longitude !== position.longitude)
      await reportPosition(deps, { courier, location: move.position, now });
    for (const { orderId, step } of move.steps) {
      // The simulator plays the customer at the door too, who tells the code their page shows.
      const code = step === "delivered" ? (await findOrderById(db, orderId))?.handoverCode : null;
      await takeCourierStep(deps, {
        courier,
        orderId,
        step,
        proof: code ? { handoverCode: code } : null,
        now,
      }).catch(answered);
      if (step === "arrived") atDoor.set(orderId, now.getTime());
      if (step === "delivered") atDoor.delete(orderId);
    }
  }

  /** A job as the simulator's move needs it; a door reached before this process's looks counts from now. */
  function simulatedJob(job: CourierJob, now: Date) {
    if (job.status === "ARRIVED" && !atDoor.has(job.orderId)) atDoor.set(job.orderId, now.getTime());
    return {
      orderId: job.orderId,
      status: job.status,
      kitchen: { latitude: job.pickUp.latitude, longitude: job.pickUp.longitude },
      dropOff: { latitude: job.dropOff.latitude, longitude: job.dropOff.longitude },
      readyAt: job.readyAt === null ? null : Date.parse(job.readyAt),
      atDoorSince: atDoor.get(job.orderId) ?? null,
    };
  }

  /** A refusal the service answered (an offer run out, a step someone else took): the next look sees why. */
  function answered(error: unknown) {
    if (!(error instanceof AppError)) throw error;
    options.log.debug({ err: error }, "simulated courier's move refused");
  }

  return {
    async tick({ staffedVendors }) {
      const now = options.now();
      const freshSince = new Date(now.getTime() - POSITION_FRESH_MINUTES * 60_000);
      const onShift = await findCouriersOnShift(db, { partnerId, freshSince });
      const people = onShift.filter((courier) => !courier.simulated);
      const simulated = await findSimulatedCouriers(db, partnerId);
      // Who has something to do (an open offer, a job in hand), read for all of them at once: the
      // others are only looked at again when they must say where they wait.
      const [offers, jobs] = await Promise.all([
        findOpenOffers(db, partnerId),
        findJobsOfCouriers(
          db,
          simulated.map((courier) => courier.id),
        ),
      ]);
      const busy = new Set([...offers, ...jobs].map((row) => row.courierId));
      for (const courier of simulated) {
        const home = await homeOf(courier);
        if (!home) continue;
        const personHere = people.some(
          (person) =>
            streetPathKm({ latitude: person.latitude ?? 0, longitude: person.longitude ?? 0 }, home) <=
            MAX_OFFER_KM,
        );
        await play(courier, home, { personHere, busy: busy.has(courier.id), staffed: staffedVendors });
      }
    },
  };
}
