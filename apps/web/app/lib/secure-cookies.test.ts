import { describe, expect, it } from "vitest";
import { secureCookies, withSecureCookies } from "./secure-cookies.server.ts";

function answerSetting(...cookies: string[]): Response {
  const headers = new Headers({ Location: "/en" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}

async function through(url: string, response: Response): Promise<Response> {
  const args = { request: new Request(url), params: {}, context: {} } as never;
  return (await secureCookies(args, async () => response)) as Response;
}

describe("cookies of pages served over https", () => {
  it("are all Secure, the storefront's and the API's passed on", async () => {
    const answer = await through(
      "https://shop.example/en",
      answerSetting("locale=en; Path=/; HttpOnly; SameSite=Lax", "session=abc; Path=/; HttpOnly; Secure"),
    );
    expect(answer.headers.getSetCookie()).toEqual([
      "locale=en; Path=/; HttpOnly; SameSite=Lax; Secure",
      "session=abc; Path=/; HttpOnly; Secure",
    ]);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/en");
  });

  it("are left as they are over plain http, so the demo on localhost keeps them", async () => {
    const answer = await through("http://localhost:3000/en", answerSetting("locale=en; Path=/"));
    expect(answer.headers.getSetCookie()).toEqual(["locale=en; Path=/"]);
  });

  it("leaves an answer without cookies alone", () => {
    const answer = answerSetting();
    expect(withSecureCookies(answer)).toBe(answer);
  });
});
