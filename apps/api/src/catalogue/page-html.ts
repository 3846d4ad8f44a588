import { escapeMarkup } from "@storefront/domain/markup";
import sanitizeHtml from "sanitize-html";

/** What a content page may hold: the console editor's marks and blocks, and nothing that runs. */
const PAGE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "strong", "em", "s", "ul", "ol", "li", "blockquote", "a"],
  // rel and target are the transform's, set on every link to another site.
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  // A link to another site opens apart from the storefront and tells it nothing of the page.
  transformTags: {
    a: (tagName, { href }): sanitizeHtml.Tag => {
      if (href === undefined) return { tagName, attribs: {} };
      const away = /^https?:/i.test(href);
      return {
        tagName,
        attribs: away ? { href, rel: "noopener noreferrer nofollow", target: "_blank" } : { href },
      };
    },
  },
  allowedSchemesAppliedToAttributes: ["href"],
};

/**
 * A page's body as the storefront shows it: the editor's HTML with everything outside the allowed
 * tags, attributes and link schemes removed, or a page written as plain text (the seed's: paragraphs
 * separated by blank lines) as paragraphs of escaped text.
 */
export function pageHtml(body: string): string {
  const trimmed = body.trim();
  if (trimmed === "") return "";
  if (!trimmed.startsWith("<"))
    return trimmed
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeMarkup(paragraph.trim())}</p>`)
      .join("");
  return sanitizeHtml(trimmed, PAGE_HTML);
}

/** Whether a page's body says anything once its markup is set aside (an empty editor holds "<p></p>"). */
export function hasText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== "";
}
