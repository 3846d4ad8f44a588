import { describe, expect, it } from "vitest";
import { KeyVault } from "./key-vault.ts";

const SECRET = "the operator's payment keys secret, 32+ characters";

describe("the key vault", () => {
  it("opens what it sealed, and never stores the secret as it is", () => {
    const vault = new KeyVault(SECRET);
    const sealed = vault.seal("sk_live_partner_4242");
    expect(sealed).not.toContain("sk_live");
    expect(sealed).not.toBe(vault.seal("sk_live_partner_4242"));
    expect(vault.open(sealed)).toBe("sk_live_partner_4242");
  });

  it("refuses a value sealed with another secret, or altered", () => {
    const sealed = new KeyVault(SECRET).seal("sk_live_partner_4242");
    expect(() => new KeyVault(`${SECRET}!`).open(sealed)).toThrow();
    const [version, nonce, tag, body] = sealed.split(".") as [string, string, string, string];
    const altered = [version, nonce, tag, `${body.slice(0, -2)}${body.endsWith("A") ? "B" : "A"}A`].join(".");
    expect(() => new KeyVault(SECRET).open(altered)).toThrow();
    expect(() => new KeyVault(SECRET).open("sk_live_in_clear")).toThrow("not a sealed value");
  });
});
