import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { onlyModalChanged, revalidateOnOtherPath, revalidateUnlessModal } from "./revalidation.ts";

const BASE = "https://shop.example";

function navigation(from: string, to: string, formMethod?: "GET" | "POST"): ShouldRevalidateFunctionArgs {
  return {
    currentUrl: new URL(from, BASE),
    nextUrl: new URL(to, BASE),
    currentParams: {},
    nextParams: {},
    formMethod,
    defaultShouldRevalidate: true,
  } as ShouldRevalidateFunctionArgs;
}

describe("onlyModalChanged", () => {
  it("is true when a modal opens, changes or closes over the same page", () => {
    expect(onlyModalChanged(new URL("/en/riga", BASE), new URL("/en/riga?modal=Cart", BASE))).toBe(true);
    expect(
      onlyModalChanged(
        new URL("/en/riga/vendor/3?modal=Cart", BASE),
        new URL("/en/riga/vendor/3?modal=Product&product=9", BASE),
      ),
    ).toBe(true);
    expect(
      onlyModalChanged(new URL("/en/riga?page=2&modal=Cart", BASE), new URL("/en/riga?page=2", BASE)),
    ).toBe(true);
  });

  it("is false when the page or its own query changes", () => {
    expect(onlyModalChanged(new URL("/en/riga", BASE), new URL("/en/riga/vendor/3", BASE))).toBe(false);
    expect(onlyModalChanged(new URL("/en/riga", BASE), new URL("/en/riga?categories=4", BASE))).toBe(false);
    expect(onlyModalChanged(new URL("/en/riga?modal=Cart", BASE), new URL("/en/riga?page=2", BASE))).toBe(
      false,
    );
  });
});

describe("revalidation rules", () => {
  it("a page keeps its data while a modal opens over it, and reloads for a filter", () => {
    expect(revalidateUnlessModal(navigation("/en/riga", "/en/riga?modal=Cart"))).toBe(false);
    expect(revalidateUnlessModal(navigation("/en/riga", "/en/riga?rating=best"))).toBe(true);
  });

  it("the layout keeps the visitor's state for any query, and reloads it on another page", () => {
    expect(revalidateOnOtherPath(navigation("/en/riga", "/en/riga?rating=best"))).toBe(false);
    expect(revalidateOnOtherPath(navigation("/en/riga", "/en/cart"))).toBe(true);
    expect(revalidateOnOtherPath(navigation("/en/riga", "/ar/riga"))).toBe(true);
  });

  it("an action or an explicit revalidation (after sign-in) always reloads", () => {
    expect(revalidateOnOtherPath(navigation("/en/riga?modal=AuthModal", "/en/riga?modal=AuthModal"))).toBe(
      true,
    );
    expect(revalidateOnOtherPath(navigation("/en/riga", "/en/riga?modal=Cart", "POST"))).toBe(true);
    expect(revalidateUnlessModal(navigation("/en/riga", "/en/riga?modal=Cart", "POST"))).toBe(true);
  });
});
