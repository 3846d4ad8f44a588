import { describe, expect, it } from "vitest";
import { countryOfPhone, normalizePhone } from "../accounts/phone.ts";
import { counterPhone } from "./counter-phones.ts";

describe("the demo vendors' counter phones", () => {
  it.each(["LV", "UA", "IQ", "PT"])("are valid numbers of %s, one of its own for each vendor", (country) => {
    const phones = Array.from({ length: 40 }, (_, index) => counterPhone(country, index) as string);
    for (const phone of phones) {
      const digits = normalizePhone(phone);
      expect(digits, phone).toBe(phone.slice(1));
      expect(countryOfPhone(digits as string), phone).toBe(country);
    }
    expect(new Set(phones).size).toBe(phones.length);
  });

  it("are none in a country the demo has no numbers for", () => {
    expect(counterPhone("FR", 0)).toBeNull();
  });
});
