import { describe, expect, it } from "vitest";
import { selectedAddressCookie, temporaryAddressCookie } from "../lib/cookies.server.ts";
import { action, loader } from "./address-selection.tsx";

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

  it("sends a visitor who opens the address itself to the locale's home", async () => {
    const answer = await loader({ params: { locale: "ar" } } as never);
    expect({ status: answer.status, location: answer.headers.get("location") }).toEqual({
      status: 302,
      location: "/ar",
    });
  });
});

/** The page's form posted with the cookies a visitor who chose an address before has. */
async function post(fields: Record<string, string>, cookie: string) {
  const request = new Request("https://shop.example/en/address-selection", {
    method: "POST",
    headers: { Cookie: cookie },
    body: new URLSearchParams(fields),
  });
  const answer = (await action({ request, params: { locale: "en" } } as never)) as Response;
  const cookies = answer.headers.getSetCookie();
  /** The cookie of that name as the answer sets it, or undefined when the answer leaves it alone. */
  const set = (name: string) => cookies.find((c) => c.startsWith(`${name}=`));
  return { answer, set };
}

const chosenBefore = [
  await selectedAddressCookie.serialize(7),
  await temporaryAddressCookie.serialize({ latitude: 1, longitude: 2, formattedAddress: "Old", details: {} }),
]
  .map((c) => c.split(";")[0])
  .join("; ");

describe("the delivery address choice (foundations §4)", () => {
  it("setting a temporary address clears the saved address that was chosen", async () => {
    const { answer, set } = await post(
      {
        intent: "temporary",
        latitude: "56.9496",
        longitude: "24.1052",
        formattedAddress: "Brīvības iela 1, Rīga",
        returnTo: "/en/riga",
      },
      chosenBefore,
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/en/riga");
    expect(set("lastAddressId")).toMatch(/Max-Age=0/);
    const temporary = set("temporaryAddress") ?? "";
    expect(await temporaryAddressCookie.parse(temporary.split(";")[0] ?? null)).toMatchObject({
      latitude: 56.9496,
      longitude: 24.1052,
      formattedAddress: "Brīvības iela 1, Rīga",
    });
  });

  it("choosing a saved address clears the temporary one", async () => {
    const { set } = await post({ intent: "select", addressId: "12" }, chosenBefore);
    expect(await selectedAddressCookie.parse((set("lastAddressId") ?? "").split(";")[0] ?? null)).toBe(12);
    expect(set("temporaryAddress")).toMatch(/Max-Age=0/);
  });

  it("forgetting a deleted chosen address leaves a temporary one as it is", async () => {
    const { set } = await post({ intent: "forget" }, chosenBefore);
    expect(set("lastAddressId")).toMatch(/Max-Age=0/);
    expect(set("temporaryAddress")).toBeUndefined();
  });

  it("refuses a point off the globe, naming the field", async () => {
    const answer = (await action({
      request: new Request("https://shop.example/en/address-selection", {
        method: "POST",
        body: new URLSearchParams({ intent: "temporary", latitude: "91", longitude: "24" }),
      }),
      params: { locale: "en" },
    } as never)) as unknown as { init: ResponseInit; data: { errors: Array<{ field: string }> } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.errors.map((e) => e.field)).toEqual(["latitude"]);
  });
});
