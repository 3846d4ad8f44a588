import { useRouteLoaderData } from "react-router";
import type { loader } from "../routes/locale.tsx";

/** The spec's message for a URL naming no locality (also the 404's body). */
export const LOCALITY_NOT_FOUND = "Unable to find the locality for this URL";

/** The locale layout's data: localities, the current one, its params, and how to reach the API. */
export function useStorefront() {
  const data = useRouteLoaderData<typeof loader>("locale");
  if (!data) throw new Error("useStorefront outside the locale layout");
  return data;
}
