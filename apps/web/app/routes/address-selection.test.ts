import { describe, expect, it } from "vitest";
import { action } from "./address-selection.tsx";

/** The address form's post, as the browser sends it. */
async function choose(returnTo: string | undefined, locale = "en") {
  const form = new URLSearchParams({ intent: "select", addressId: "7" });
  if (returnTo !== undefined) form.set("returnTo", returnTo);
  const request = new Request(`https://shop.example/${locale}/address`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const answer = (await action({ request, params: { locale }, context: {} } as never)) as Response;
  return { status: answer.status, location: answer.headers.get("location") };
}

describe("the address choice's way back", () => {
  it("follows a path of this site", async () => {
    expect(await choose("/en/riga/vendor/12?modal=cart")).toEqual({
      status: 302,
      location: "/en/riga/vendor/12?modal=cart",
    });
  });

  it.each(["//evil.example/x", "/\\evil.example/x", "https://evil.example/x", "javascript:alert(1)", ""])(
    "ignores %j and goes to the locale's home",
    async (returnTo) => {
      expect(await choose(returnTo)).toEqual({ status: 302, location: "/en" });
    },
  );

  it("goes home without one", async () => {
    expect(await choose(undefined, "lv")).toEqual({ status: 302, location: "/lv" });
  });
});
