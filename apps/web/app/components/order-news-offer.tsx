import { useEffect, useState } from "react";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import {
  type OrderNewsState,
  orderNewsState,
  rememberOrderNewsAnswer,
  subscribeToOrderNews,
} from "../lib/web-push.ts";

/**
 * After an order is placed, the offer (made once per browser) to be told by a notification when the
 * order moves; a browser that already allows them is subscribed again without a question.
 */
export function OrderNewsOffer() {
  const t = useT();
  const locale = useLocale();
  const { client, native } = useStorefront();
  const [state, setState] = useState<OrderNewsState>("none");
  const [answer, setAnswer] = useState<"on" | "blocked" | "unavailable" | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const now = orderNewsState(native);
    setState(now);
    if (now === "subscribe-silently") void subscribeToOrderNews(client, locale);
  }, [client, locale, native]);

  if (answer === "on") return <p role="status">{t("orderNews.on")}</p>;
  if (answer === "blocked") return <p role="status">{t("orderNews.blocked")}</p>;
  if (state !== "offer" || answer) return null;
  const accept = async () => {
    setBusy(true);
    rememberOrderNewsAnswer();
    setAnswer(await subscribeToOrderNews(client, locale));
    setBusy(false);
  };
  return (
    <section aria-label={t("orderNews.ask")} className="grid gap-3 rounded-2xl bg-black/5 p-4 text-start">
      <p>{t("orderNews.ask")}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => void accept()}
          className="min-h-12 rounded-full border border-line bg-white px-5 font-semibold"
        >
          {t("orderNews.yes")}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            rememberOrderNewsAnswer();
            setState("none");
          }}
          className="min-h-12 rounded-full border border-line px-5 font-medium"
        >
          {t("orderNews.no")}
        </button>
      </div>
    </section>
  );
}
