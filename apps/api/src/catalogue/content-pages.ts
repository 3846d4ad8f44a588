import { type Locale, pickText } from "@storefront/domain";
import type { ContentPage } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import {
  type ContentPageRow,
  findVisibleContentPage,
  listVisibleContentPages,
} from "./content-pages-repository.ts";
import { pageHtml } from "./page-html.ts";

export async function listContentPages(db: Database, partnerId: number, reader: Locale | null) {
  const rows = await listVisibleContentPages(db, partnerId);
  return rows.map((row) => ({ pageId: row.id, slug: row.slug, title: pickText(row.title, reader) }));
}

/**
 * What a page reference names: a numeric page id, or a slug given bare, with a leading slash, or as
 * the path of a full URL ("https://shop.example/about" finds "about").
 */
export function parsePageReference(reference: string): { id: number } | { slug: string } {
  if (/^\d{1,9}$/.test(reference)) return { id: Number(reference) };
  let path = reference;
  if (/^https?:\/\//i.test(reference)) {
    try {
      path = new URL(reference).pathname;
    } catch {
      path = reference;
    }
  }
  return {
    slug: safeDecode(path)
      .replace(/^\/+|\/+$/g, "")
      .toLowerCase(),
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export async function findContentPage(
  db: Database,
  partnerId: number,
  reference: string,
  reader: Locale | null,
): Promise<ContentPage> {
  const key = parsePageReference(reference);
  // The reference is decoded once more than the path was: "%2500" arrives here as a NUL.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if ("slug" in key && /[\u0000-\u001f\u007f]/.test(key.slug)) {
    throw new AppError(400, "ValidationException", "Invalid path: id contains a control character", {
      details: [{ field: "id", message: "contains a control character" }],
    });
  }
  const row = await findVisibleContentPage(db, partnerId, key);
  if (!row) throw new AppError(404, "ContentPageNotFoundException", `No page '${reference.slice(0, 100)}'`);
  return toContentPage(row, reader);
}

/** The page in the reader's language, else English, else the first it is written in; its body as safe HTML. */
function toContentPage(row: ContentPageRow, reader: Locale | null): ContentPage {
  const written = (Object.keys(row.body) as Locale[]).filter((locale) => row.body[locale]?.trim());
  const lang: Locale =
    [reader, "en" as const].find((locale): locale is Locale => !!locale && written.includes(locale)) ??
    written[0] ??
    "en";
  return {
    pageId: row.id,
    slug: row.slug,
    title: pickText(row.title, reader, lang),
    body: pageHtml(row.body[lang] ?? ""),
    lang,
  };
}
