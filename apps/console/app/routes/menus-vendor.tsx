import type { LocalizedText, MenuArrangement } from "@storefront/domain";
import { productRowFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { useEffect, useRef, useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { ProductRow, type ProductRowResult } from "../components/menu-product-row.tsx";
import { DragHandle, ToolButton } from "../components/menu-tools.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { SectionForm } from "../components/section-form.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { useT } from "../lib/i18n.ts";
import { inTurn } from "../lib/in-turn.ts";
import {
  arrangementOf,
  dropProduct,
  dropSection,
  stepProduct,
  stepSection,
} from "../lib/menu-arrangement.ts";
import type { Route } from "./+types/menus-vendor";

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    return await consoleApi(consoleEndpoints.menu(params.vendorId, params.locale));
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** One product's row saved: its prices, whether it is sold out, whether it is listed. */
export async function clientAction({
  params,
  request,
}: Route.ClientActionArgs): Promise<
  ProductRowResult | Response | ReturnType<typeof refusedForm<ProductRowResult>>
> {
  const form = await request.formData();
  const parsed = parseForm(productRowFormSchema, form);
  if (!parsed.ok)
    return refusedForm(
      { productId: Number(form.get("productId")), saved: false, field: parsed.field },
      parsed.errors,
    );
  const { productId, change } = parsed.input;
  try {
    await consoleApi(consoleEndpoints.changeProduct(productId), { body: change });
    return { productId, saved: true, field: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 400)
      return { productId, saved: false, field: error.body.details?.[0]?.field ?? "price" };
    return signInRedirect(error, params.locale, request);
  }
}

/** What is being dragged: a product or a section. */
type Dragged = { kind: "product" | "section"; id: number } | null;

export default function VendorMenu() {
  const t = useT();
  const menu = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const lang = menu.vendor.lang;
  // The order just chosen, shown until the menu read again has it (a read begun before the change
  // was saved, as the live board's, may still bring the old order).
  const [pending, setPending] = useState<MenuArrangement | null>(null);
  const [announcement, setAnnouncement] = useState<{ text: string; bad: boolean } | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [dragged, setDragged] = useState<Dragged>(null);
  const stored = arrangementOf(menu);
  const arrangement = pending ?? stored;
  const settled = pending !== null && JSON.stringify(pending) === JSON.stringify(stored);
  useEffect(() => {
    if (settled) setPending(null);
  }, [settled]);
  const sectionOf = new Map(menu.sections.map((section) => [section.id, section]));
  const productOf = new Map(
    menu.sections.flatMap((section) => section.products.map((product) => [product.id, product] as const)),
  );

  // A product moved by its arrow into another section is drawn anew there, and the focus it had
  // falls to the page: its arrow there takes it back, until the member moves the focus elsewhere.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const forget = (event: FocusEvent) => {
      const label = (event.target as Element | null)?.getAttribute?.("aria-label");
      if (label !== refocus.current) refocus.current = null;
    };
    document.addEventListener("focusin", forget);
    return () => document.removeEventListener("focusin", forget);
  }, []);
  useEffect(() => {
    if (!refocus.current || (document.activeElement && document.activeElement !== document.body)) return;
    const button = document.querySelector<HTMLButtonElement>(
      `button[aria-label="${CSS.escape(refocus.current)}"]`,
    );
    if (button && !button.disabled) button.focus();
  });

  // Moves made quickly one after another are sent one at a time, each once the one before it is
  // answered: sent together, the server could save them out of turn and keep an earlier order
  // than the board shows. The line read out names the last move only.
  const lastMove = useRef(0);
  const [saveInTurn] = useState(() => inTurn());
  const arrange = async (next: MenuArrangement | null, moved: { name: string }) => {
    if (!next) return;
    const move = ++lastMove.current;
    refocus.current = document.activeElement?.getAttribute("aria-label") ?? null;
    setPending(next);
    try {
      await saveInTurn(() =>
        consoleApi(consoleEndpoints.arrangeMenu(menu.vendor.id), { body: { sections: next } }),
      );
      if (move === lastMove.current)
        setAnnouncement({ text: t("menus.moved", { name: moved.name }), bad: false });
    } catch (error) {
      const stale = error instanceof ConsoleApiError && error.status === 409;
      setAnnouncement({ text: t(stale ? "menus.arrangeStale" : "menus.arrangeFailed"), bad: true });
      setPending(null);
    }
    await revalidator.revalidate();
  };
  const changeSection = async (sectionId: number, change: { name?: LocalizedText; visible?: boolean }) => {
    await consoleApi(consoleEndpoints.changeSection(sectionId), { body: change });
    await revalidator.revalidate();
  };
  const addSection = async (name: LocalizedText) => {
    await consoleApi(consoleEndpoints.addSection(menu.vendor.id), { body: { name } });
    await revalidator.revalidate();
    setAnnouncement({ text: t("menus.sectionAdded", { name: name[lang] ?? "" }), bad: false });
  };
  const dropOn = (
    target: { sectionId: number; beforeProductId: number | null } | { beforeSectionId: number },
  ) => {
    if (!dragged) return;
    setDragged(null);
    if (dragged.kind === "product" && "sectionId" in target) {
      const product = productOf.get(dragged.id);
      if (product) void arrange(dropProduct(arrangement, dragged.id, target), product);
    } else if (dragged.kind === "section" && "beforeSectionId" in target) {
      const section = sectionOf.get(dragged.id);
      if (section) void arrange(dropSection(arrangement, dragged.id, target.beforeSectionId), section);
    }
  };

  return (
    <main className="mx-auto max-w-screen-lg p-4">
      <Link to=".." relative="path" className="text-accent text-sm underline">
        {t("menus.allVendors")}
      </Link>
      <PageTitle>{t("menus.vendorTitle", { vendor: menu.vendor.name })}</PageTitle>
      <h1 className="mt-1 font-semibold text-2xl">{t("menus.vendorTitle", { vendor: menu.vendor.name })}</h1>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        <Link
          to={`../../vendors/${menu.vendor.id}`}
          relative="path"
          className="text-accent text-sm underline"
        >
          {t("vendor.settingsLink")}
        </Link>
        <Link to="products/new" className="text-accent text-sm underline">
          {t("menus.addProduct")}
        </Link>
      </div>
      <p className="mt-1 text-ink-soft text-sm">{t("menus.intro", { currency: menu.vendor.currencyCode })}</p>
      <p className="text-ink-soft text-sm">{t("menus.arrangeHint")}</p>
      <p
        role="status"
        className={`mt-2 min-h-5 text-sm ${announcement?.bad ? "text-red-800" : "text-emerald-800"}`}
      >
        {announcement?.text}
      </p>
      {arrangement.map((placed, s) => {
        const section = sectionOf.get(placed.id);
        if (!section) return null;
        return (
          <section
            key={section.id}
            className={`mt-6 rounded-2xl p-2 ${dragged?.kind === "section" ? "outline-dashed outline-2 outline-line" : ""}`}
            aria-labelledby={`section-${section.id}`}
            onDragOver={(event) => dragged?.kind === "section" && event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              dropOn({ beforeSectionId: section.id });
            }}
          >
            <div className="flex flex-wrap items-center gap-2">
              <DragHandle
                label={t("menus.dragSection", { name: section.name })}
                payload={`section:${section.id}`}
                onStart={() => setDragged({ kind: "section", id: section.id })}
                onEnd={() => setDragged(null)}
              />
              <h2
                id={`section-${section.id}`}
                className={`font-semibold text-lg ${section.visible ? "" : "text-ink-soft"}`}
              >
                {section.name}
                {section.visible ? null : (
                  <span className="ms-2 rounded-full bg-surface px-2 py-0.5 font-normal text-sm">
                    {t("menus.hidden")}
                  </span>
                )}
              </h2>
              <div className="ms-auto flex flex-wrap gap-1">
                <ToolButton
                  label={t("menus.sectionUp", { name: section.name })}
                  disabled={s === 0}
                  onClick={() => void arrange(stepSection(arrangement, section.id, -1), section)}
                >
                  ↑
                </ToolButton>
                <ToolButton
                  label={t("menus.sectionDown", { name: section.name })}
                  disabled={s === arrangement.length - 1}
                  onClick={() => void arrange(stepSection(arrangement, section.id, 1), section)}
                >
                  ↓
                </ToolButton>
                <button
                  type="button"
                  onClick={() => setRenaming(renaming === section.id ? null : section.id)}
                  aria-expanded={renaming === section.id}
                  aria-label={t("menus.renameSection", { name: section.name })}
                  className="rounded-lg border border-line bg-white px-3 py-1.5 text-sm"
                >
                  {t("menus.rename")}
                </button>
                <button
                  type="button"
                  onClick={() => void changeSection(section.id, { visible: !section.visible })}
                  aria-label={t(section.visible ? "menus.hideSection" : "menus.showSection", {
                    name: section.name,
                  })}
                  className="rounded-lg border border-line bg-white px-3 py-1.5 text-sm"
                >
                  {t(section.visible ? "menus.hide" : "menus.show")}
                </button>
                <Link
                  to={`products/new?section=${section.id}`}
                  aria-label={t("menus.addProductTo", { name: section.name })}
                  className="rounded-lg border border-line bg-white px-3 py-1.5 text-sm"
                >
                  {t("menus.addProduct")}
                </Link>
              </div>
            </div>
            {renaming === section.id ? (
              <div className="mt-2">
                <SectionForm
                  lang={lang}
                  names={section.names}
                  label={t("menus.sectionName")}
                  submitLabel={t("menus.save")}
                  onSave={async (name) => {
                    await changeSection(section.id, { name });
                    setRenaming(null);
                  }}
                  onCancel={() => setRenaming(null)}
                />
              </div>
            ) : null}
            <ul
              className="mt-2 grid min-h-12 gap-2"
              onDragOver={(event) => dragged?.kind === "product" && event.preventDefault()}
              onDrop={(event) => {
                if (dragged?.kind !== "product") return;
                event.preventDefault();
                event.stopPropagation();
                dropOn({ sectionId: section.id, beforeProductId: null });
              }}
            >
              {placed.productIds.map((productId) => {
                const product = productOf.get(productId);
                if (!product) return null;
                const step = (direction: -1 | 1) =>
                  void arrange(stepProduct(arrangement, productId, direction), product);
                return (
                  <ProductRow
                    key={productId}
                    product={product}
                    first={s === 0 && placed.productIds[0] === productId}
                    last={s === arrangement.length - 1 && placed.productIds.at(-1) === productId}
                    onStep={step}
                    onDragStart={() => setDragged({ kind: "product", id: productId })}
                    onDragEnd={() => setDragged(null)}
                    dropHere={
                      dragged?.kind === "product"
                        ? () => dropOn({ sectionId: section.id, beforeProductId: productId })
                        : null
                    }
                  />
                );
              })}
              {placed.productIds.length === 0 ? (
                <li className="rounded-xl border border-line border-dashed p-3 text-ink-soft text-sm">
                  {t("menus.emptySection")}
                </li>
              ) : null}
            </ul>
          </section>
        );
      })}
      <section className="mt-8" aria-labelledby="new-section">
        <h2 id="new-section" className="font-semibold text-lg">
          {t("menus.newSection")}
        </h2>
        <div className="mt-2">
          <SectionForm
            key={menu.sections.length}
            lang={lang}
            names={{}}
            label={t("menus.sectionName")}
            submitLabel={t("menus.addSection")}
            onSave={addSection}
          />
        </div>
      </section>
    </main>
  );
}
