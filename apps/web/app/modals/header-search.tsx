import { SEARCH_MIN_CHARS } from "@storefront/domain";
import type { VendorsPage } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { Picture } from "../components/picture.tsx";
import { searchTextOf, useTrack } from "../lib/analytics.ts";
import { clientGet } from "../lib/api.client.ts";
import { imageSource } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";

type Results =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "done"; page: VendorsPage }
  | { state: "failed" };

/** Search over vendor names, categories and products of the current locality. */
export default function HeaderSearch() {
  const t = useT();
  const locale = useLocale();
  const close = useCloseModal();
  const { client, locality } = useStorefront();
  const track = useTrack();
  const [text, setText] = useState("");
  const [results, setResults] = useState<Results>({ state: "idle" });
  const query = text.trim();

  useEffect(() => {
    if (query.length < SEARCH_MIN_CHARS || !locality) {
      setResults({ state: "idle" });
      return;
    }
    const controller = new AbortController();
    setResults({ state: "loading" });
    const timer = window.setTimeout(async () => {
      try {
        const page = await clientGet(
          client,
          endpoints.localities.search(locality.code, query),
          locale,
          controller.signal,
        );
        setResults({ state: "done", page });
        track("search", { query: searchTextOf(query), results: page.totalElements });
      } catch {
        if (!controller.signal.aborted) setResults({ state: "failed" });
      }
    }, 300);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, client, locality, locale, track]);

  return (
    <Modal title={t("search.title")} onClose={close} size="lg">
      <div className="p-4">
        <label className="sr-only" htmlFor="header-search">
          {t("search.placeholder")}
        </label>
        <input
          id="header-search"
          type="search"
          // biome-ignore lint/a11y/noAutofocus: the search modal exists to type into
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("search.placeholder")}
          maxLength={100}
          className="min-h-12 w-full rounded-full border border-line bg-surface px-5 text-base focus:border-brand"
        />
        <div aria-live="polite" className="mt-4 min-h-40">
          {results.state === "idle" && (
            <p className="text-ink-soft">{t("search.minLength", { count: SEARCH_MIN_CHARS })}</p>
          )}
          {results.state === "loading" && <p className="text-ink-soft">{t("search.searching")}</p>}
          {results.state === "failed" && <p className="text-ink-soft">{t("search.failed")}</p>}
          {results.state === "done" && results.page.content.length === 0 && (
            <p className="text-ink-soft">{t("search.nothing", { query })}</p>
          )}
          {results.state === "done" && results.page.content.length > 0 && (
            <ul className="grid gap-2">
              {results.page.content.map((vendor) => (
                <li key={vendor.id}>
                  <Link
                    to={`/${locale}/${locality?.code}/vendor/${vendor.id}`}
                    className="flex items-center gap-3 rounded-xl p-2 hover:bg-black/5"
                  >
                    <Picture
                      source={imageSource(vendor.avatar, 48, 160)}
                      sizes="48px"
                      className="size-12 rounded-full"
                    />
                    <span>
                      <span className="block font-medium">{vendor.name}</span>
                      <span className="block text-sm text-ink-soft">
                        {vendor.street} {vendor.houseNumber}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Modal>
  );
}
