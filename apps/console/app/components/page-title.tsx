import { useRouteLoaderData } from "react-router";
import type { clientLoader } from "../routes/staff.tsx";

/**
 * The browser tab's title of a signed-in screen: how many orders wait for an answer, then the
 * screen, then the partner, so a member with several tabs open tells them apart and still sees the
 * orders waiting from any of them. React puts the one `<title>` rendered into the document's head.
 */
export function PageTitle({ children }: { children: string }) {
  const staff = useRouteLoaderData<typeof clientLoader>("staff");
  const waiting = staff?.waiting ?? 0;
  const partner = staff?.member.partner.name;
  return <title>{`${waiting > 0 ? `(${waiting}) ` : ""}${children}${partner ? ` — ${partner}` : ""}`}</title>;
}
