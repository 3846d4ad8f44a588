import type { Endpoint } from "@storefront/domain/endpoints";
import { useState } from "react";
import { clientGet } from "./api.client.ts";
import { useLocale } from "./i18n.ts";
import { useStorefront } from "./storefront.ts";

/** One page of an API list, numbered from 1. */
export interface ListPage<T> {
  content: T[];
  page: number;
  totalElements: number;
}

/**
 * A list whose first page came with the page's loader and which "show more" extends a page at a
 * time from `pageAt`; there is no more once the loaded count reaches the total. A new first page (the
 * loader ran again) starts over. `select` turns the API's items into what the loader sent.
 */
export function usePagedList<T, Raw = T>(
  first: ListPage<T>,
  pageAt: (page: number) => Endpoint<ListPage<Raw>>,
  select: (item: Raw) => T = (item) => item as unknown as T,
) {
  const locale = useLocale();
  const { client } = useStorefront();
  const [state, setState] = useState({ key: first, items: first.content, page: first.page, loading: false });
  if (state.key !== first) setState({ key: first, items: first.content, page: first.page, loading: false });
  const loadMore = async () => {
    if (state.loading) return;
    setState((current) => ({ ...current, loading: true }));
    const next = await clientGet(client, pageAt(state.page + 1), locale).catch(() => null);
    setState((current) =>
      next && current.key === first
        ? {
            ...current,
            items: [...current.items, ...next.content.map(select)],
            page: next.page,
            loading: false,
          }
        : { ...current, loading: false },
    );
  };
  return {
    items: state.items,
    hasMore: state.items.length < first.totalElements,
    loading: state.loading,
    loadMore,
  };
}
