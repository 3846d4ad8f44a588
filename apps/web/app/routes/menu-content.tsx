import { endpoints } from "@storefront/domain/endpoints";
import { data } from "react-router";
import { ContentBody } from "../components/content-body.tsx";
import { titleFrom } from "../components/titled.ts";
import { ApiRequestError, apiGet } from "../lib/api.server.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/menu-content";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

/** The content pages these account pages show, named as their paths are. */
const SLUGS = new Set(["about", "courier-info", "vendor-info"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.split("/").at(-1) ?? "";
  const known = SLUGS.has(slug) ? slug : "about";
  try {
    return { page: await apiGet(endpoints.contentPage(known), visitorOf(context).caller) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404)
      throw data("Page not found", { status: 404 });
    throw error;
  }
}

export function meta({ matches, data: loaded }: Route.MetaArgs) {
  return titleFrom(matches, loaded?.page.title ?? "");
}

/** About the platform, becoming a courier, becoming a partner: the operator's pages in the account. */
export default function AccountContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article lang={page.lang} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5 md:p-8">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <ContentBody body={page.body} />
    </article>
  );
}
