import type { Endpoint } from "@storefront/domain/endpoints";
import { useId } from "react";
import { useT } from "../lib/i18n.ts";
import { type ListPage, usePagedList } from "../lib/paged-list.ts";

/**
 * A titled list whose first page came with the loader and which "show more" extends from `pageAt`;
 * nothing at all when the list is empty (the page says so once for all its lists).
 */
export function PagedSection<T extends { id: number }, Raw = T>({
  title,
  first,
  pageAt,
  select,
  gridClassName,
  renderItem,
}: {
  title: string;
  first: ListPage<T>;
  pageAt: (page: number) => Endpoint<ListPage<Raw>>;
  /** The API's item as the loader sent it (see lib/catalogue-view.ts). */
  select?: (item: Raw) => T;
  gridClassName: string;
  renderItem: (item: T) => React.ReactNode;
}) {
  const t = useT();
  const headingId = useId();
  const list = usePagedList(first, pageAt, select);
  if (list.items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className={`mt-3 grid gap-4 ${gridClassName}`}>
        {list.items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      {list.hasMore && (
        <button
          type="button"
          className="mt-6 min-h-11 rounded-full border border-line px-6 font-medium"
          aria-busy={list.loading || undefined}
          aria-describedby={headingId}
          onClick={() => void list.loadMore()}
        >
          {t("catalogue.showMore")}
        </button>
      )}
    </section>
  );
}
