import type { MiddlewareFunction } from "react-router";

const SECURE = /;\s*secure\s*(;|$)/i;

/**
 * The response with every cookie it sets marked Secure: the storefront's own cookies and the API's
 * it passes on. Only for pages served over https (directly, or through a trusted proxy that said
 * so), so the demo on http://localhost keeps its cookies.
 */
export function withSecureCookies(response: Response): Response {
  const cookies = response.headers.getSetCookie();
  if (cookies.length === 0 || cookies.every((cookie) => SECURE.test(cookie))) return response;
  const headers = new Headers(response.headers);
  headers.delete("Set-Cookie");
  for (const cookie of cookies)
    headers.append("Set-Cookie", SECURE.test(cookie) ? cookie : `${cookie}; Secure`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Root middleware: every answer of a page requested over https sets its cookies Secure. */
export const secureCookies: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  return new URL(request.url).protocol === "https:" ? withSecureCookies(response) : response;
};
