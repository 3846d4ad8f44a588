/** The current URL with the given query parameters set (or removed when null): how modals open. */
export function modalHref(
  location: { pathname: string; search: string },
  params: Record<string, string | null>,
): string {
  const search = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(params)) {
    if (value === null) search.delete(name);
    else search.set(name, value);
  }
  const query = search.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}
