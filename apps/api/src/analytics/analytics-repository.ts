import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { analyticsEvents } from "../db/schema.ts";

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** Stores the analytics events a storefront sent, in one statement. */
export async function recordAnalyticsEvents(db: Database, events: NewAnalyticsEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(analyticsEvents).values(events);
}

/**
 * How many visits (distinct `visitId` params) sent each of these events in a city (its
 * `localityCode` param) in [from, until): per day of the city's clock, and over the whole period
 * (`date` null), where a visit of two days counts once. Events without a visit are not counted.
 */
export async function countVisitsPerEvent(
  db: Database,
  input: {
    partnerId: number;
    localityCode: string;
    timeZone: string;
    from: Date;
    until: Date;
    names: readonly string[];
  },
): Promise<Array<{ date: string | null; name: string; visits: number }>> {
  const visit = sql<string>`${analyticsEvents.params} ->> 'visitId'`;
  const events = db.$with("funnel_events").as(
    db
      .select({
        date: sql<string>`to_char(${analyticsEvents.createdAt} at time zone ${input.timeZone}, 'YYYY-MM-DD')`.as(
          "date",
        ),
        name: analyticsEvents.name,
        visit: visit.as("visit"),
      })
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.partnerId, input.partnerId),
          gte(analyticsEvents.createdAt, input.from),
          lt(analyticsEvents.createdAt, input.until),
          inArray(analyticsEvents.name, [...input.names]),
          sql`${analyticsEvents.params} ->> 'localityCode' = ${input.localityCode}`,
          sql`${visit} is not null`,
        ),
      ),
  );
  return db
    .with(events)
    .select({
      date: events.date,
      name: events.name,
      visits: sql<number>`count(distinct ${events.visit})::int`,
    })
    .from(events)
    .groupBy(sql`grouping sets ((${events.date}, ${events.name}), (${events.name}))`);
}
