import { MENU_FILTER_PARAMS } from "@storefront/domain";
import type { ShouldRevalidateFunctionArgs } from "react-router";

/** Query parameters that only open a modal over the page (`modal=Product&product=7`). */
export const MODAL_PARAMS = ["modal", "product", "vendor", "order", "addressId"] as const;

/** Whether two URLs differ in nothing but the modal shown over the same page (and the params named). */
export function onlyModalChanged(current: URL, next: URL, alsoIgnored: readonly string[] = []): boolean {
  if (current.pathname !== next.pathname) return false;
  const rest = (url: URL) => {
    const search = new URLSearchParams(url.search);
    for (const name of [...MODAL_PARAMS, ...alsoIgnored]) search.delete(name);
    search.sort();
    return search.toString();
  };
  return rest(current) === rest(next);
}

/** After an action, or when a component asks for fresh data (useRevalidator): as React Router would. */
function asked({ formMethod, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return (formMethod !== undefined && formMethod !== "GET") || currentUrl.href === nextUrl.href;
}

/**
 * A page's data is loaded again when its path or its own query changes, not when a modal opens or
 * closes over it.
 */
export function revalidateUnlessModal(args: ShouldRevalidateFunctionArgs): boolean {
  if (asked(args)) return args.defaultShouldRevalidate;
  return onlyModalChanged(args.currentUrl, args.nextUrl) ? false : args.defaultShouldRevalidate;
}

/** The vendor page filters its menu itself: choosing a diet does not load the menu again either. */
export function revalidateUnlessModalOrMenuFilter(args: ShouldRevalidateFunctionArgs): boolean {
  if (asked(args)) return args.defaultShouldRevalidate;
  return onlyModalChanged(args.currentUrl, args.nextUrl, Object.values(MENU_FILTER_PARAMS))
    ? false
    : args.defaultShouldRevalidate;
}

/**
 * The locale layout reads no query parameter: only another path (another page, locality or
 * language) or an explicit revalidation loads the visitor's state again.
 */
export function revalidateOnOtherPath(args: ShouldRevalidateFunctionArgs): boolean {
  if (asked(args)) return args.defaultShouldRevalidate;
  return args.currentUrl.pathname === args.nextUrl.pathname ? false : args.defaultShouldRevalidate;
}
