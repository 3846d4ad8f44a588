import { redirect } from "react-router";
import type { Route } from "./+types/menu-index";

/** The bare account menu opens the profile (the side list shows beside it). */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/${params.locale}/menu/profile`);
}
