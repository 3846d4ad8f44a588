import { endpoints } from "@storefront/domain/endpoints";
import { data } from "react-router";
import { ContentBody } from "../components/content-body.tsx";
import { DefaultLayout } from "../components/default-layout.tsx";
import { titleFrom } from "../components/titled.ts";
import { ApiRequestError, apiGet } from "../lib/api.server.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { capitaliseSlug } from "../lib/titles.ts";
import type { Route } from "./+types/cms-slug";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const page = await apiGet(endpoints.contentPage(params.slug), visitorOf(context).caller);
    return { page };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
      throw data("Page not found", { status: 404 });
    }
    throw error;
  }
}

export function meta({ matches, data: loaded, params }: Route.MetaArgs) {
  return titleFrom(matches, loaded?.page.title || capitaliseSlug(params.slug));
}

/** A content page of the operator (about, terms, privacy…). */
export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <DefaultLayout variant="desktopHeaderOnly">
      <article lang={page.lang} className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-sm md:p-10">
        <h1 className="text-3xl font-bold">{page.title}</h1>
        <ContentBody body={page.body} />
      </article>
    </DefaultLayout>
  );
}
