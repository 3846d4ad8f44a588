import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { MAIN_ID } from "../lib/focus.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import { Icon } from "./icons.tsx";

type Variant = "offline" | "notFound" | "paused" | "server" | "other";

function variantOf(status: number, offline: boolean): Variant {
  if (offline) return "offline";
  if (status === 404) return "notFound";
  // 423: the partner's service is suspended by the deployment's operator.
  if (status === 423) return "paused";
  if (status >= 500) return "server";
  return "other";
}

const TITLES: Record<Variant, MessageKey> = {
  offline: "error.offline.title",
  notFound: "error.notFound.title",
  paused: "error.paused.title",
  server: "error.server.title",
  other: "error.other.title",
};

/** What the error page of a status is called, in its heading and the browser's title. */
export function errorTitleKey(status: number): MessageKey {
  return TITLES[variantOf(status, false)];
}

/**
 * The error page: offline, 404, 5xx or anything else, each with its way out. The close button of
 * foundations' error page is the way out where the page's own button only tries again (offline,
 * 5xx); where that button already leads to the catalogue, a close button to the same place would
 * be a second, unexplained one.
 */
export function ErrorPage({
  status,
  localityNotFound = false,
}: {
  status: number;
  localityNotFound?: boolean;
}) {
  const t = useT();
  const { locale = "en" } = useParams();
  const [offline, setOffline] = useState(false);
  useEffect(() => setOffline(!navigator.onLine), []);
  const variant = variantOf(status, offline);
  const home = `/${locale}`;
  return (
    <main
      id={MAIN_ID}
      tabIndex={-1}
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-8 text-center"
    >
      {variant === "offline" || variant === "server" ? (
        <Link
          to={home}
          aria-label={t("common.close")}
          className="fixed end-4 top-4 grid size-11 place-items-center rounded-full bg-white shadow-sm hover:bg-black/5"
        >
          <Icon name="close" />
        </Link>
      ) : null}
      {variant === "offline" ? (
        <Icon name="wifi-off" className="size-16 text-brand" />
      ) : (
        <p className="text-6xl font-bold text-brand">{variant === "notFound" ? "404" : status}</p>
      )}
      <h1 className="text-xl font-semibold">{t(TITLES[variant])}</h1>
      <p className="text-ink-soft">
        {variant === "offline" && t("error.offline.text")}
        {variant === "notFound" &&
          (localityNotFound ? t("error.localityNotFound") : t("error.notFound.text"))}
        {variant === "paused" && t("error.paused.text")}
        {variant === "server" && t("error.server.text")}
        {variant === "other" && t("error.other.text")}
      </p>
      {variant === "paused" ? null : variant === "offline" || variant === "server" ? (
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="min-h-11 rounded-full bg-brand px-6 font-medium text-brand-ink"
        >
          {t("error.tryAgain")}
        </button>
      ) : (
        <Link
          to={home}
          className="inline-flex min-h-11 items-center rounded-full bg-brand px-6 font-medium text-brand-ink"
        >
          {t("error.toCatalogue")}
        </Link>
      )}
    </main>
  );
}
