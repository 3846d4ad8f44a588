import { type Locale, type LocalizedText, pickText } from "@storefront/domain";
import type { ConsolePage, ConsolePageSummary, consolePageDraftSchema } from "@storefront/domain/contract";
import type { z } from "zod";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { hasText, pageHtml } from "../catalogue/page-html.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import {
  findPageIdOfSlug,
  findPartnerPage,
  insertPage,
  lastPageSort,
  listPartnerPages,
  type PageRow,
  updatePage,
} from "./pages-repository.ts";

type PageDraft = z.output<typeof consolePageDraftSchema>;

const describe = (row: PageRow): ConsolePage => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  body: Object.fromEntries(Object.entries(row.body).map(([locale, body]) => [locale, pageHtml(body ?? "")])),
  visible: row.visible,
});

/** The partner's pages in their storefront order, titled in the reader's language. */
export async function listConsolePages(
  db: Database,
  partnerId: number,
  reader: Locale | null,
): Promise<ConsolePageSummary[]> {
  const rows = await listPartnerPages(db, partnerId);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: pickText(row.title, reader),
    visible: row.visible,
  }));
}

export async function readConsolePage(db: Database, partnerId: number, pageId: number): Promise<ConsolePage> {
  return describe(await findPage(db, partnerId, pageId));
}

async function findPage(db: Database, partnerId: number, pageId: number, forUpdate = false) {
  const row = await findPartnerPage(db, partnerId, pageId, forUpdate);
  if (!row) throw new AppError(404, "ContentPageNotFoundException", `Page ${pageId} not found`);
  return row;
}

const refuse = (field: string, message: string) =>
  new AppError(400, "ValidationException", `Invalid body: ${field} ${message}`, {
    details: [{ field, message }],
  });

/**
 * What a draft stores: each language's title and safe HTML, the empty ones left out. A page needs a
 * title and a text in some language; a language with a text needs its title (400 naming
 * `title.{lang}`). A language with a title only shows that title over the text of another.
 */
function storedTexts(draft: PageDraft): { title: LocalizedText; body: LocalizedText } {
  const title: LocalizedText = {};
  const body: LocalizedText = {};
  const locales = new Set([...Object.keys(draft.title), ...Object.keys(draft.body)] as Locale[]);
  for (const locale of locales) {
    const name = draft.title[locale]?.trim() ?? "";
    const html = pageHtml(draft.body[locale] ?? "");
    const written = hasText(html);
    if (written && !name) throw refuse(`title.${locale}`, "is required where the page is written");
    if (name) title[locale] = name;
    if (written) body[locale] = html;
  }
  if (Object.keys(title).length === 0) throw refuse("title", "is required in at least one language");
  if (Object.keys(body).length === 0) throw refuse("body", "is required in at least one language");
  return { title, body };
}

/** A 409 naming `slug` when another page of the partner has the address. */
async function checkSlugFree(db: Database, partnerId: number, slug: string, pageId: number | null) {
  const holder = await findPageIdOfSlug(db, partnerId, slug);
  if (holder !== null && holder !== pageId)
    throw new AppError(409, "ContentPageExistsException", `Another page is at /cms/${slug}`, {
      details: [{ field: "slug", message: "is another page's address" }],
    });
}

const audited = (page: ConsolePage) => ({
  slug: page.slug,
  title: page.title,
  visible: page.visible,
  languages: Object.keys(page.body),
});

/** A new page of the partner, after its others on the storefront; audited. */
export async function createConsolePage(
  db: Database,
  input: { partnerId: number; draft: PageDraft; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsolePage> {
  const texts = storedTexts(input.draft);
  const page = await db.transaction(async (tx) => {
    await checkSlugFree(tx, input.partnerId, input.draft.slug, null);
    const last = await lastPageSort(tx, input.partnerId);
    const row = await insertPage(tx, {
      partnerId: input.partnerId,
      slug: input.draft.slug,
      ...texts,
      visible: input.draft.visible,
      sort: (last ?? -1) + 1,
    });
    const created = describe(row);
    await recordAudit(tx, input.actor, {
      action: "page.create",
      entity: "page",
      entityId: created.id,
      before: null,
      after: audited(created),
      at: input.now,
    });
    return created;
  });
  // The storefront's pages show the change from their next read, on every process.
  await catalogue.announce(catalogueChanges.contentPages(input.partnerId));
  return page;
}

/** A page of the partner rewritten whole (another partner's is a 404); audited. */
export async function changeConsolePage(
  db: Database,
  input: { partnerId: number; pageId: number; draft: PageDraft; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsolePage> {
  const texts = storedTexts(input.draft);
  const page = await db.transaction(async (tx) => {
    const row = await findPage(tx, input.partnerId, input.pageId, true);
    await checkSlugFree(tx, input.partnerId, input.draft.slug, row.id);
    const updated = await updatePage(tx, row.id, {
      slug: input.draft.slug,
      ...texts,
      visible: input.draft.visible,
    });
    const after = describe(updated);
    await recordAudit(tx, input.actor, {
      action: "page.update",
      entity: "page",
      entityId: row.id,
      before: audited(describe(row)),
      after: audited(after),
      at: input.now,
    });
    return after;
  });
  // The storefront's pages show the change from their next read, on every process.
  await catalogue.announce(catalogueChanges.contentPages(input.partnerId));
  return page;
}
