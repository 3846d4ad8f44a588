import { countForm } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { data, Form, redirectDocument, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { Ltr } from "../components/ltr.tsx";
import { titleFrom } from "../components/titled.ts";
import { apiGet, apiGetRaw, apiSend, storefrontOriginOf } from "../lib/api.server.ts";
import { cardNumberText } from "../lib/card-number.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { browserApiBase } from "../lib/config.server.ts";
import { readFormPost } from "../lib/form-posts.server.ts";
import { useT } from "../lib/i18n.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { listLocalities, resolveLocalityCode, visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/menu-cards";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [t, answer] = await Promise.all([
    serverTranslator(visitor.locale),
    apiGet(endpoints.customer.cards(), visitor.caller),
  ]);
  return { title: t("menu.cards"), cards: answer.cards };
}

const change = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add") }),
  z.object({ intent: z.enum(["default", "remove"]), cardId: z.coerce.number().int().positive() }),
]);

/**
 * Adding a card, making one the default and removing one are forms: a tap works before the page's
 * scripts have loaded, and without them.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const parsed = await readFormPost(request, change);
  if (!parsed.success) return data({ failed: true, adding: false, errors: parsed.errors }, { status: 400 });
  const asked = parsed.data;
  if (asked.intent === "add") {
    const locality = await resolveLocalityCode(await listLocalities(visitor), visitor, null);
    const bindForm = endpoints.customer.cardBindForm({
      paymentOptionCode: "sandbox-card",
      localityCode: locality.code,
      returnPath: `/${params.locale}/menu/cards`,
    });
    const answer = await apiGetRaw(bindForm, visitor.caller);
    const text = await answer.text();
    if (!answer.ok || text.startsWith("ERROR_")) return data({ failed: true, adding: true }, { status: 502 });
    // The card page's address is the API's, as the browser reaches it (perhaps another host).
    const site = storefrontOriginOf(request);
    return redirectDocument(new URL(text, new URL(browserApiBase(site), site)).href);
  }
  const answer =
    asked.intent === "default"
      ? await apiSend(endpoints.customer.defaultCard(asked.cardId), undefined, visitor.caller)
      : await apiSend(endpoints.customer.deleteCard(asked.cardId), undefined, visitor.caller);
  return answer.ok
    ? { failed: false, adding: false }
    : data({ failed: true, adding: false }, { status: answer.status });
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The customer's saved cards: masked numbers, the default one, unbinding, and adding a card. */
export default function CardsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const { cards } = loaderData;
  const bindFailed = search.get("bindStatus") !== null && search.get("bindStatus") !== "AUTHORIZED";
  const problem = bindFailed
    ? t("cards.bindFailed")
    : actionData?.failed
      ? t(actionData.adding ? "cards.bindFailed" : "cards.changeFailed")
      : null;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  return (
    <section className="grid gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5" aria-busy={busy}>
      <div>
        <h1 className="text-2xl font-bold">{t("menu.cards")}</h1>
        {cards.length > 0 && (
          <p className="mt-1 text-ink-soft">
            {t("cards.count", { form: countForm(cards.length), count: cards.length })}
          </p>
        )}
      </div>
      {problem && (
        <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-red-800">
          {problem}
        </p>
      )}
      {cards.length === 0 ? (
        <p className="text-ink-soft">{t("cards.empty")}</p>
      ) : (
        <ul className="grid gap-2">
          {cards.map((card) => (
            <li key={card.id}>
              <Form
                method="post"
                preventScrollReset
                className="flex flex-wrap items-center gap-3 rounded-2xl p-4 ring-1 ring-black/5"
              >
                <input type="hidden" name="cardId" value={card.id} />
                <span className="flex-1 font-medium">
                  <Ltr>{cardNumberText(card, t)}</Ltr>
                </span>
                {card.default ? (
                  <span className="rounded-full bg-brand-soft px-3 py-1 text-sm">{t("cards.default")}</span>
                ) : (
                  <button
                    type="submit"
                    name="intent"
                    value="default"
                    disabled={busy}
                    className="min-h-11 px-2 text-sm underline"
                  >
                    {t("cards.makeDefault")}
                  </button>
                )}
                {/* Removing the default card makes another the default: the page's data says which. */}
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  disabled={busy}
                  className="min-h-11 px-2 text-sm text-red-700 underline"
                >
                  {t("cards.unbind")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post">
        <button
          type="submit"
          name="intent"
          value="add"
          disabled={busy}
          className="min-h-12 rounded-full bg-brand px-6 font-semibold text-brand-ink"
        >
          {t("cards.add")}
        </button>
      </Form>
    </section>
  );
}
