import { endpoints } from "@storefront/domain/endpoints";
import { Outlet, useMatches } from "react-router";
import { AccountLayout } from "../components/account-layout.tsx";
import { BottomBar } from "../components/bottom-bar.tsx";
import { apiGet, loadOptional } from "../lib/api.server.ts";
import { displayPhone } from "../lib/phone.server.ts";
import { permanentRedirect } from "../lib/redirects.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { loadCurrentUser, visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/menu";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

/**
 * The account area needs a signed-in customer. An anonymous visitor goes back to the page they
 * came from (or the home page) with the sign-in modal open.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await loadCurrentUser(visitorOf(context));
  if (!user) {
    const url = new URL(request.url);
    const referer = request.headers.get("Referer");
    const from = referer ? new URL(referer, url) : null;
    const back =
      from && from.origin === url.origin && !from.pathname.includes("/menu")
        ? from
        : new URL(`/${params.locale}`, url);
    back.searchParams.set("modal", "AuthModal");
    throw permanentRedirect(`${back.pathname}${back.search}`);
  }
  // The cards entry shows for a customer who has a card even where stored cards are not offered.
  const cards = await loadOptional(
    "saved cards",
    () => apiGet(endpoints.customer.cards(), visitorOf(context).caller),
    null,
  );
  return {
    user: {
      name: user.name,
      phone: user.phone ? displayPhone(user.phone) : "",
      email: user.email,
      birthDate: user.birthDate,
      healthyLifestyle: user.healthyLifestyle,
    },
    hasCards: (cards?.cards.length ?? 0) > 0,
  };
}

export default function MenuLayout({ loaderData }: Route.ComponentProps) {
  const isIndex = useMatches().at(-1)?.id === "menu-index";
  return (
    <>
      <AccountLayout user={loaderData.user} hasCards={loaderData.hasCards} isIndex={isIndex}>
        <Outlet />
      </AccountLayout>
      <BottomBar />
    </>
  );
}
