import {
  addDaysToLocalDate,
  buildFunnel,
  FUNNEL_STEPS,
  type FunnelCounts,
  type FunnelStep,
  instantOfLocalDateTime,
} from "@storefront/domain";
import {
  type ConsoleFunnel,
  type consoleFunnelQuerySchema,
  FUNNEL_EVENTS,
} from "@storefront/domain/contract";
import type { z } from "zod";
import { countVisitsPerEvent } from "../analytics/analytics-repository.ts";
import { findLocalityRowByCode } from "../catalogue/localities-repository.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";

const STEP_OF_EVENT = new Map<string, FunnelStep>(FUNNEL_STEPS.map((step) => [FUNNEL_EVENTS[step], step]));

/**
 * The storefront's funnel in a partner's city over a period of the city's days: how many visits
 * viewed a page, added to a cart, opened the checkout and placed an order, read from the events the
 * storefront sent (none from a browser that asks not to be tracked); another partner's city is a 404.
 */
export async function readConsoleFunnel(
  db: Database,
  partnerId: number,
  query: z.output<typeof consoleFunnelQuerySchema>,
): Promise<ConsoleFunnel> {
  const locality = await findLocalityRowByCode(db, partnerId, query.localityCode);
  if (!locality) throw new AppError(404, "LocalityNotFoundException", `No city '${query.localityCode}'`);
  const rows = await countVisitsPerEvent(db, {
    partnerId,
    localityCode: locality.code,
    timeZone: locality.timeZone,
    from: instantOfLocalDateTime(`${query.from}T00:00`, locality.timeZone) as Date,
    until: instantOfLocalDateTime(`${addDaysToLocalDate(query.to, 1)}T00:00`, locality.timeZone) as Date,
    names: Object.values(FUNNEL_EVENTS),
  });
  const counted: Array<{ date: string; step: FunnelStep; visits: number }> = [];
  const totals: Partial<FunnelCounts> = {};
  for (const { date, name, visits } of rows) {
    const step = STEP_OF_EVENT.get(name);
    if (!step) continue;
    if (date === null) totals[step] = visits;
    else counted.push({ date, step, visits });
  }
  const funnel = buildFunnel({ from: query.from, to: query.to, counted, totals });
  return { localityCode: locality.code, from: query.from, to: query.to, ...funnel };
}
