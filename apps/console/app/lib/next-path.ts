/**
 * Where to go after signing in: the console path the sign-in was asked from (`?next=`), else the
 * order board. Only a path of the console itself: another site's address, or one written to look
 * like a path (`//host`, `/\host`), would send a member who just typed their password elsewhere.
 */
export function nextPath(url: URL, locale: string): string {
  const next = url.searchParams.get("next");
  const board = `/${locale}/orders`;
  if (!next || !/^\/[a-z]{2}\/[\w\-/]*(\?[^\\]*)?$/.test(next)) return board;
  return next;
}

/** The same path in another language. */
export function inLocale(path: string, locale: string): string {
  return path.replace(/^\/[a-z]{2}(?=\/)/, `/${locale}`);
}
