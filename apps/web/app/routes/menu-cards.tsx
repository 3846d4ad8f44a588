import { countForm } from "@storefront/domain";
import type { SavedCards } from "@storefront/domain/contract";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { titleFrom } from "../components/titled.ts";
import { clientFetch, clientSend } from "../lib/api.client.ts";
import { apiGet } from "../lib/api.server.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-cards";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [t, answer] = await Promise.all([
    serverTranslator(visitor.locale),
    apiGet<SavedCards>("/customer/me/cards", visitor.caller),
  ]);
  return { title: t("menu.cards"), cards: answer.cards };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The customer's saved cards: masked numbers, the default one, unbinding, and adding a card. */
export default function CardsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const [search] = useSearchParams();
  const { client, locality } = useStorefront();
  const [cards, setCards] = useState(loaderData.cards);
  const [problem, setProblem] = useState<string | null>(
    search.get("bindStatus") && search.get("bindStatus") !== "AUTHORIZED" ? t("cards.bindFailed") : null,
  );

  const addCard = async () => {
    const query = new URLSearchParams({
      paymentOptionCode: "sandbox-card",
      localityCode: locality?.code ?? "",
      returnPath: `/${locale}/menu/cards`,
    });
    const response = await clientFetch(client, `/customer/me/cards/bind-form?${query}`, locale);
    const text = response ? await response.text() : "ERROR_0";
    if (!response?.ok || text.startsWith("ERROR_")) return setProblem(t("cards.bindFailed"));
    window.location.assign(new URL(text, new URL(client.apiBase, window.location.href)).href);
  };
  const makeDefault = async (id: number) => {
    const sent = await clientSend(client, "PUT", `/customer/me/cards/${id}/default`, locale);
    if (sent.ok) setCards(cards.map((card) => ({ ...card, isDefault: card.id === id })));
  };
  const unbind = async (id: number) => {
    const sent = await clientSend(client, "DELETE", `/customer/me/cards/${id}`, locale);
    if (sent.ok) setCards(cards.filter((card) => card.id !== id));
  };

  return (
    <section className="grid gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
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
            <li
              key={card.id}
              className="flex flex-wrap items-center gap-3 rounded-2xl p-4 ring-1 ring-black/5"
            >
              <span className="flex-1 font-medium">
                {card.brand ? `${card.brand}${card.maskedNumber}` : card.maskedNumber}
              </span>
              {card.isDefault ? (
                <span className="rounded-full bg-brand-soft px-3 py-1 text-sm">{t("cards.default")}</span>
              ) : (
                <button
                  type="button"
                  onClick={() => void makeDefault(card.id)}
                  className="min-h-11 px-2 text-sm underline"
                >
                  {t("cards.makeDefault")}
                </button>
              )}
              <button
                type="button"
                onClick={() => void unbind(card.id)}
                className="min-h-11 px-2 text-sm text-red-700 underline"
              >
                {t("cards.unbind")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={() => void addCard()}
        className="min-h-12 justify-self-start rounded-full bg-brand px-6 font-semibold text-brand-ink"
      >
        {t("cards.add")}
      </button>
    </section>
  );
}
