import { describe, expect, it } from "vitest";
import { escapeMarkup } from "./markup.ts";

describe("escapeMarkup", () => {
  it("writes markup's five special characters as entities and leaves every other one", () => {
    expect(escapeMarkup(`"><script>alert('x')</script> & Café — كباب`)).toBe(
      "&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Café — كباب",
    );
  });
});
