import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCart } from "./cart.tsx";
import type { CategoryChoices } from "./catalogue-view.ts";
import { useT } from "./i18n.ts";

/**
 * The categories picked in the filter (the URL) that the locality no longer offers. None when the
 * categories could not be read: an unread list proves nothing gone.
 */
export function unavailableCategoriesOf(picked: readonly number[], choices: CategoryChoices): number[] {
  if (choices.tree.length === 0) return [];
  const offered = new Set([
    ...choices.tree.flatMap((parent) => [parent.id, ...parent.children.map((child) => child.id)]),
    ...choices.top.map((category) => category.id),
  ]);
  return picked.filter((id) => !offered.has(id));
}

/** The URL's search without the given categories, every other filter kept. */
export function searchWithout(search: string, categories: readonly number[]): string {
  const params = new URLSearchParams(search);
  const kept = params
    .getAll("categories")
    .flatMap((value) => value.split(","))
    .filter((id) => id !== "" && !categories.includes(Number(id)));
  params.delete("categories");
  for (const id of kept) params.append("categories", id);
  params.delete("page");
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The category unavailable alert: the catalogue then shows what is left of the filter. */
export function useCategoryUnavailableAlert(unavailable: readonly number[]): void {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const cartState = useCart();
  const key = unavailable.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per set of unavailable categories
  useEffect(() => {
    if (!key) return;
    const showRest = () => {
      cartState.showAlert(null);
      navigate(
        { pathname: location.pathname, search: searchWithout(location.search, unavailable) },
        {
          replace: true,
          preventScrollReset: true,
        },
      );
    };
    cartState.showAlert({
      title: t("catalogue.alert.categoryUnavailable"),
      message: t("catalogue.alert.categoryUnavailable.message"),
      buttons: [{ label: t("catalogue.alert.showRest"), onClick: showRest }],
      onDismiss: showRest,
    });
  }, [key]);
}
