import { data } from "react-router";
import { reportBudget } from "../lib/report-budget.ts";
import { reportError } from "../lib/report-error.server.ts";
import type { Route } from "./+types/client-errors";

/** This process's budget of reports: anyone may send them, and each costs a log line or a Sentry event. */
const budget = reportBudget();

/**
 * Failures the browser notices (a tracking socket closed abnormally) come here and go to the same
 * reporter as the server's: Sentry when configured, the server log otherwise. Past the minute's
 * budget a report gets 429, and the count of those turned away is reported the next minute.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") throw data("Method not allowed", { status: 405 });
  const text = (await request.text()).slice(0, 2000);
  let body: { message?: unknown; what?: unknown } = {};
  try {
    body = JSON.parse(text);
  } catch {
    throw data("Expected JSON", { status: 400 });
  }
  if (typeof body.message !== "string" || body.message.length === 0)
    throw data("A message is required", { status: 400 });
  const { pass, turnedAway, retryAfterSeconds } = budget.take(Date.now());
  if (turnedAway > 0)
    reportError(new Error(`${turnedAway} browser reports turned away in a minute`), {
      what: "browser reports",
    });
  if (!pass)
    return new Response("Too many reports", {
      status: 429,
      headers: { "Retry-After": String(retryAfterSeconds) },
    });
  reportError(new Error(body.message.slice(0, 500)), {
    what: typeof body.what === "string" ? body.what.slice(0, 100) : "browser",
    userAgent: request.headers.get("user-agent")?.slice(0, 200) ?? null,
  });
  return new Response(null, { status: 204 });
}

/**
 * Only POST is taken here: a GET (an address bar, a crawler) is told so, where React Router would
 * answer 400 and log an error with its stack for each.
 */
export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
