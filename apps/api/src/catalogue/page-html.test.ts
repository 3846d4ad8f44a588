import { describe, expect, it } from "vitest";
import { hasText, pageHtml } from "./page-html.ts";

describe("pageHtml", () => {
  it.each([
    [
      "keeps the editor's blocks and marks",
      "<h2>Hi</h2><p><strong>a</strong> <em>b</em></p>",
      "<h2>Hi</h2><p><strong>a</strong> <em>b</em></p>",
    ],
    ["drops scripts whole", "<p>a</p><script>alert(1)</script>", "<p>a</p>"],
    ["drops event handlers and styles", '<p onclick="x()" style="color:red">a</p>', "<p>a</p>"],
    ["drops a javascript: link's address", '<p><a href="javascript:alert(1)">x</a></p>', "<p><a>x</a></p>"],
    [
      "keeps a storefront path as it is",
      '<p><a href="/cms/terms">terms</a></p>',
      '<p><a href="/cms/terms">terms</a></p>',
    ],
    [
      "opens another site apart, telling it nothing",
      '<p><a href="https://example.com">x</a></p>',
      '<p><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">x</a></p>',
    ],
    ["unwraps tags it does not keep", "<div><p>a <span>b</span></p></div>", "<p>a b</p>"],
    [
      "makes plain text paragraphs, escaped",
      "One <b>\n\nTwo & three",
      "<p>One &lt;b&gt;</p><p>Two &amp; three</p>",
    ],
    ["leaves nothing of nothing", "   ", ""],
  ])("%s", (_, body, html) => {
    expect(pageHtml(body)).toBe(html);
  });
});

describe("hasText", () => {
  it.each([
    ["<p></p>", false],
    ["<p><br></p>", false],
    ["<p>a</p>", true],
  ])("%s says something: %s", (html, expected) => {
    expect(hasText(html)).toBe(expected);
  });
});
