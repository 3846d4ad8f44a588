import { formatQuantityBadge, RATING_BUCKETS } from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { CategoryChoices } from "../lib/catalogue-view.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import { countFilters, DELIVERY_TIME_CHOICES, type VendorFilters } from "../lib/vendor-query.ts";
import { Icon } from "./icons.tsx";
import { modalHref } from "./modal-link.ts";
import { COMPLETE_MS, StateButton, useButtonState } from "./state-button.tsx";

const RATING_LABELS: Record<(typeof RATING_BUCKETS)[number], MessageKey> = {
  all: "filters.rating.all",
  good: "filters.rating.good",
  best: "filters.rating.best",
  "the-best": "filters.rating.theBest",
};

/** Hides the bar while the visitor scrolls down on a phone, shows it again on the way up. */
function useHiddenWhileScrollingDown(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) > 8) setHidden(y > last && y > 120 && window.innerWidth < 768);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return hidden;
}

/**
 * Search, categories, delivery time and rating. One GET form, so applying one group keeps the
 * others' choices and it all works without JavaScript; each group opens as a popover (a dropdown
 * on desktop, a sheet on a phone).
 */
export function FilterBar({ categories, filters }: { categories: CategoryChoices; filters: VendorFilters }) {
  const t = useT();
  const location = useLocation();
  const hidden = useHiddenWhileScrollingDown();
  const navigation = useNavigation();
  // Applying is the navigation to the filtered page: loading while it goes, a checkmark once it is in.
  const [applying, setApplying] = useButtonState();
  const navigating = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  useEffect(() => {
    setApplying((state) => (navigating ? "loading" : state === "loading" ? "complete" : state));
  }, [navigating, setApplying]);
  // Once the results are in and the checkmark has shown, the panel that applied them closes; one
  // the visitor has opened meanwhile stays open.
  const applyingPanel = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (applying !== "complete") return;
    const timer = window.setTimeout(() => {
      const panel = applyingPanel.current;
      applyingPanel.current = null;
      if (panel?.matches(":popover-open")) panel.hidePopover();
    }, COMPLETE_MS);
    return () => window.clearTimeout(timer);
  }, [applying]);
  const picked = countFilters(filters);
  const chip =
    "inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-ink/30";
  const panel =
    "m-0 max-h-[70dvh] w-full overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl [inset:auto_0_0_0] md:[inset:8.5rem_auto_auto_50%] md:w-[28rem] md:-translate-x-1/2 md:rounded-3xl";
  const apply = (
    <div className="sticky bottom-0 mt-4 flex gap-2 bg-white pt-2">
      <StateButton
        type="submit"
        state={applying}
        className="min-h-11 flex-1 rounded-full bg-brand font-medium text-brand-ink"
      >
        {t("filters.apply")}
      </StateButton>
      <Link
        to={location.pathname}
        className="inline-flex min-h-11 items-center rounded-full border border-line px-5"
      >
        {t("filters.reset")}
      </Link>
    </div>
  );
  return (
    <div
      id="filters"
      className={`sticky top-[108px] z-20 border-b border-line bg-surface/95 backdrop-blur transition-transform md:top-16 md:translate-y-0 ${hidden ? "-translate-y-[150%]" : ""}`}
    >
      {/* A landmark of its own: a screen reader's list of them reaches the search and filters. */}
      <Form
        method="get"
        role="search"
        aria-label={t("filters.search")}
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          applyingPanel.current = submitter?.closest<HTMLElement>("[popover]") ?? null;
        }}
        className="mx-auto flex max-w-6xl gap-2 overflow-x-auto px-4 py-2 [scrollbar-width:none]"
      >
        <Link to={modalHref(location, { modal: "HeaderSearch" })} className={`${chip} text-ink-soft`}>
          <Icon name="search" className="size-5" />
          {t("filters.search")}
        </Link>
        <button type="button" popoverTarget="filter-categories" className={chip}>
          <Icon name="filter" className="size-5" />
          {t("filters.categories")}
          {filters.categories.length > 0 && (
            <span className="rounded-full bg-brand px-1.5 text-xs font-bold text-brand-ink">
              {formatQuantityBadge(filters.categories.length)}
            </span>
          )}
        </button>
        <button type="button" popoverTarget="filter-time" className={chip}>
          <Icon name="clock" className="size-5" />
          {filters.deliveryTime
            ? t("filters.time.upTo", { minutes: filters.deliveryTime })
            : t("filters.time")}
        </button>
        <button type="button" popoverTarget="filter-rating" className={chip}>
          <Icon name="star" className="size-5" />
          {filters.rating ? t(RATING_LABELS[filters.rating]) : t("filters.rating")}
        </button>
        {picked > 0 && (
          <Link to={location.pathname} className={`${chip} border-transparent text-brand`}>
            {t("filters.resetCount", { count: picked })}
          </Link>
        )}

        <div
          id="filter-categories"
          popover="auto"
          role="dialog"
          className={panel}
          aria-label={t("filters.categories")}
        >
          <h2 className="text-lg font-semibold">{t("filters.categories")}</h2>
          {categories.tree.map((parent) => (
            <fieldset key={parent.id} className="mt-4">
              <legend className="text-sm font-semibold text-ink-soft">{parent.name}</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {parent.children.map((category) => (
                  <label
                    key={category.id}
                    className="has-[:checked]:border-brand has-[:checked]:bg-brand-soft inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-3 text-sm"
                  >
                    <input
                      type="checkbox"
                      name="categories"
                      value={category.id}
                      defaultChecked={filters.categories.includes(category.id)}
                      className="accent-[var(--brand)]"
                    />
                    {category.name}
                    <span className="text-ink-soft">{category.vendorsCount}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {apply}
        </div>

        <div id="filter-time" popover="auto" role="dialog" className={panel} aria-label={t("filters.time")}>
          <fieldset>
            <legend className="text-lg font-semibold">{t("filters.time")}</legend>
            <div className="mt-3 grid gap-2">
              <RadioRow
                name="deliveryTime"
                value=""
                checked={!filters.deliveryTime}
                label={t("filters.time.any")}
              />
              {DELIVERY_TIME_CHOICES.map((minutes) => (
                <RadioRow
                  key={minutes}
                  name="deliveryTime"
                  value={String(minutes)}
                  checked={filters.deliveryTime === minutes}
                  label={t("filters.time.upTo", { minutes })}
                />
              ))}
            </div>
          </fieldset>
          {apply}
        </div>

        <div
          id="filter-rating"
          popover="auto"
          role="dialog"
          className={panel}
          aria-label={t("filters.rating")}
        >
          <fieldset>
            <legend className="text-lg font-semibold">{t("filters.rating")}</legend>
            <div className="mt-3 grid gap-2">
              {RATING_BUCKETS.map((bucket) => (
                <RadioRow
                  key={bucket}
                  name="rating"
                  value={bucket === "all" ? "" : bucket}
                  checked={(filters.rating ?? "all") === bucket}
                  label={t(RATING_LABELS[bucket])}
                />
              ))}
            </div>
          </fieldset>
          {apply}
        </div>
      </Form>
    </div>
  );
}

function RadioRow({
  name,
  value,
  checked,
  label,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
}) {
  return (
    <label className="has-[:checked]:border-brand has-[:checked]:bg-brand-soft flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3">
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={checked}
        className="accent-[var(--brand)]"
      />
      {label}
    </label>
  );
}
