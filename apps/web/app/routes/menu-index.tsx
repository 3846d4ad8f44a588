import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { titleFrom } from "../components/titled.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/menu-index";

/** Layout breakpoint of section 9: from 768 px the menu sits beside the page. */
const DESKTOP = "(min-width: 768px)";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

/** The menu's own title ("Dostavka — My account"): on a phone it is a page of its own. */
export async function loader({ context }: Route.LoaderArgs) {
  const t = await serverTranslator(visitorOf(context).locale);
  return { title: t("menu.title") };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/**
 * The bare account menu: on a phone it is the list (the side bar shows it); on desktop it opens the
 * personal info beside the list.
 */
export default function MenuIndex() {
  const navigate = useNavigate();
  const { locale } = useParams();
  useEffect(() => {
    if (window.matchMedia(DESKTOP).matches) navigate(`/${locale}/menu/profile`, { replace: true });
  }, [navigate, locale]);
  return null;
}
