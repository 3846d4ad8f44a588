import {
  ALLERGENS,
  DIETS,
  filtersMenu,
  MENU_FILTER_PARAMS,
  type MenuFilter,
  withMenuFilter,
} from "@storefront/domain";
import { useEffect, useState } from "react";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { useT } from "../lib/i18n.ts";
import { ALLERGEN_ICONS, allergenName, DIET_ICONS, DietaryIcon } from "./dietary.tsx";
import type { DietaryIconName } from "./dietary-icon-names.ts";
import { Icon } from "./icons.tsx";

const PANEL_ID = "menu-filter";

/** The chip that opens the menu's filter, with how many choices are on. */
export function MenuFilterButton({ filter }: { filter: MenuFilter }) {
  const t = useT();
  const chosen = filter.without.length + filter.diets.length;
  return (
    <button
      type="button"
      popoverTarget={PANEL_ID}
      className={`inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-full px-4 text-sm font-medium shadow-sm ring-1 ${chosen > 0 ? "bg-brand-soft ring-brand" : "bg-white ring-black/5"}`}
    >
      <Icon name="filter" className="size-5" />
      {t("menuFilter.title")}
      {chosen > 0 && (
        <span className="rounded-full bg-brand px-1.5 text-xs font-bold text-brand-ink">{chosen}</span>
      )}
    </button>
  );
}

function Choice({
  name,
  value,
  checked,
  label,
  icon,
  onToggle,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  icon: DietaryIconName;
  onToggle: (checked: boolean) => void;
}) {
  return (
    <label className="has-[:checked]:border-brand has-[:checked]:bg-brand-soft inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-3 text-sm">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onToggle(event.currentTarget.checked)}
        className="accent-[var(--brand)]"
      />
      <DietaryIcon name={icon} className="size-4 shrink-0" />
      {label}
    </label>
  );
}

/**
 * What the customer keeps to and leaves out. Each choice filters the menu at once (the address
 * carries it, so a reload or a shared link keeps it); without JavaScript the form's button applies.
 */
export function MenuFilterPanel({ filter, shown }: { filter: MenuFilter; shown: number }) {
  const t = useT();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  // A tick shows at once; the address (and the menu) follow as the navigation ends.
  const [chosen, setChosen] = useState(filter);
  const inAddress = withMenuFilter(new URLSearchParams(), filter).toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is new on each render; its address is not
  useEffect(() => setChosen(filter), [inAddress]);
  const change = (next: MenuFilter) => {
    setChosen(next);
    setSearch(withMenuFilter(search, next), { replace: true, preventScrollReset: true });
  };
  const toggled = <T,>(list: readonly T[], item: T, on: boolean) =>
    on ? [...list, item] : list.filter((other) => other !== item);
  return (
    <div
      id={PANEL_ID}
      popover="auto"
      role="dialog"
      aria-labelledby="menu-filter-title"
      className="m-0 max-h-[80dvh] w-full overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl [inset:auto_0_0_0] md:[inset:8.5rem_auto_auto_50%] md:w-[32rem] md:-translate-x-1/2 md:rounded-3xl"
    >
      <h2 id="menu-filter-title" className="text-lg font-semibold">
        {t("menuFilter.title")}
      </h2>
      <Form
        method="get"
        preventScrollReset
        replace
        onSubmit={(event) => event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover()}
      >
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold text-ink-soft">{t("menuFilter.diets")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {DIETS.map((diet) => (
              <Choice
                key={diet}
                name={MENU_FILTER_PARAMS.diets}
                value={diet}
                checked={chosen.diets.includes(diet)}
                label={t(`tag.${diet}`)}
                icon={DIET_ICONS[diet]}
                onToggle={(on) => change({ ...chosen, diets: toggled(chosen.diets, diet, on) })}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold text-ink-soft">{t("menuFilter.without")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {ALLERGENS.map((allergen) => (
              <Choice
                key={allergen}
                name={MENU_FILTER_PARAMS.without}
                value={allergen}
                checked={chosen.without.includes(allergen)}
                label={t(allergenName(allergen))}
                icon={ALLERGEN_ICONS[allergen]}
                onToggle={(on) => change({ ...chosen, without: toggled(chosen.without, allergen, on) })}
              />
            ))}
          </div>
          <p className="mt-2 text-xs text-ink-soft">{t("menuFilter.unstated")}</p>
        </fieldset>
        <div className="sticky bottom-0 mt-4 flex gap-2 bg-white pt-2">
          <button type="submit" className="min-h-11 flex-1 rounded-full bg-brand font-medium text-brand-ink">
            {t("menuFilter.show", { count: shown })}
          </button>
          {filtersMenu(filter) && (
            <Link
              to={location.pathname}
              replace
              preventScrollReset
              className="inline-flex min-h-11 items-center rounded-full border border-line px-5"
            >
              {t("menuFilter.clear")}
            </Link>
          )}
        </div>
      </Form>
    </div>
  );
}

/** Under the sections' bar while a filter is on: how much it hides, and the way back. */
export function MenuFilterStatus({ filter, hidden }: { filter: MenuFilter; hidden: number }) {
  const t = useT();
  const location = useLocation();
  if (!filtersMenu(filter)) return null;
  return (
    <p role="status" className="mt-3 flex flex-wrap items-center gap-x-3 text-sm text-ink-soft">
      {t("menuFilter.hidden", { count: hidden })}
      <Link
        to={location.pathname}
        replace
        preventScrollReset
        className="inline-flex min-h-11 items-center font-medium text-brand"
      >
        {t("menuFilter.showAll")}
      </Link>
    </p>
  );
}
