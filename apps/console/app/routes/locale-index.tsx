import { redirect } from "react-router";
import type { Route } from "./+types/locale-index";

/** A language's bare address ("/console/uk") opens its order board, the console's first screen. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  throw redirect(`/${params.locale}/orders`);
}

export default function LocaleIndex() {
  return null;
}
