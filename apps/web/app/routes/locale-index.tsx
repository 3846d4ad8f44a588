import { localityHomeRedirect, visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/locale-index";

/** Rule 1: a bare "/{locale}" goes to the visitor's locality. */
export async function loader({ request, context }: Route.LoaderArgs) {
  throw await localityHomeRedirect(request, visitorOf(context));
}
