import { redirect } from "react-router";
import { setCookies } from "./visitor-cookies.ts";

/**
 * The storefront's redirects are 301s, as the spec wants (foundations §9 "Redirects use HTTP 301").
 * Each depends on something that changes (the visitor's language or locality, whether they are
 * signed in, an order's status, a partner's suspension), so each is marked uncacheable: a browser
 * keeps a 301 for good otherwise, and would overrule the visitor's next choice or sign-in with it
 * (decision 0163).
 */
export function permanentRedirect(location: string, cookies: readonly string[] = []): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  setCookies(headers, cookies);
  return redirect(location, { status: 301, headers });
}
