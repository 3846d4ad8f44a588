import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** Where the tab notes the failure it was loaded again for (the tab's own storage, gone with it). */
const RELOADED_FOR = "storefront:reloaded-for";

/**
 * Whether to load the page again for a part of it that failed to load: yes the first time, no when
 * the same failure comes again right after (the file is missing from the new build too), offline
 * (the connection is the matter, and the page says so), or when the tab keeps no storage to tell.
 */
export function reloadsFor(
  failure: string,
  storage: Pick<Storage, "getItem" | "setItem">,
  online: boolean,
): boolean {
  if (!online) return false;
  try {
    if (storage.getItem(RELOADED_FOR) === failure) return false;
    storage.setItem(RELOADED_FOR, failure);
    return true;
  } catch {
    return false;
  }
}

/**
 * The page's own code loaded on demand (`import()`). A page opened before a new build went out asks,
 * later, for a part of its own build (a modal's code, the map) which the server no longer has: the
 * page is loaded again, from the new build, where it was (an open modal is in its address), and
 * what waited for the code keeps waiting (a part's Suspense fallback, a busy button) rather than
 * failing into the error page for the moment before the page goes. Any other failure is the
 * caller's as before.
 */
export function fromThisBuild<T>(loading: Promise<T>): Promise<T> {
  return loading.catch((error: unknown) => {
    if (!reloadsFor(String(error), window.sessionStorage, navigator.onLine)) throw error;
    window.location.reload();
    return new Promise<never>(() => {});
  });
}

/** A part of the page whose code loads when first shown: React's `lazy`, through `fromThisBuild`. */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React's own `lazy` takes
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => fromThisBuild(load()));
}
