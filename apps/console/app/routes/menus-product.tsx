import {
  ALLERGENS,
  LANGUAGE_NAMES,
  type Locale,
  PRODUCT_TAGS,
  pickText,
  SPICY_LEVELS,
  type SpicyLevel,
  WEIGHT_UNITS,
  type WeightUnit,
} from "@storefront/domain";
import type { ConsoleMenu, ConsoleProductDetails } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { type FormEvent, useEffect, useState } from "react";
import { data, Link, useLoaderData, useLocation, useNavigate } from "react-router";
import { FIELD_CLASS, Notice, NumberField, SubmitButton } from "../components/form-parts.tsx";
import { LocalizedInput } from "../components/localized-input.tsx";
import { OptionGroupsEditor } from "../components/option-groups-editor.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import { draftOf, editingOf, NUTRIENTS, type ProductEditing, refusalOf } from "../lib/product-draft.ts";
import type { Route } from "./+types/menus-product";

/** The product to edit (or none: "new"), with the vendor's sections to place it in. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const isNew = params.productId === "new";
  if (!isNew && !/^\d+$/.test(params.productId)) throw data(null, { status: 404 });
  try {
    const [menu, product] = await Promise.all([
      consoleApi(consoleEndpoints.menu(params.vendorId, params.locale)),
      isNew ? null : consoleApi(consoleEndpoints.product(params.productId)),
    ]);
    const section = Number(new URL(request.url).searchParams.get("section"));
    return { menu, product, sectionId: menu.sections.some((s) => s.id === section) ? section : null };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** The editor, started afresh for each product (a new one, once saved, opens as itself). */
export default function ProductEditorScreen() {
  const loaded = useLoaderData<typeof clientLoader>();
  return <ProductEditor key={loaded.product?.id ?? "new"} {...loaded} />;
}

function ProductEditor({
  menu,
  product,
  sectionId,
}: {
  menu: ConsoleMenu;
  product: ConsoleProductDetails | null;
  sectionId: number | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const locale = useLocale();
  const lang = menu.vendor.lang;
  const [editing, setEditing] = useState(() => editingOf(product, sectionId));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ field: string; message: MessageKey } | null>(null);
  const [saved, setSaved] = useState(Boolean((location.state as { saved?: boolean } | null)?.saved));
  useEffect(() => {
    if (!refusal) return;
    const field =
      document.getElementById(refusal.field) ?? document.getElementById(refusal.field.split(".")[0] ?? "");
    field?.focus();
  }, [refusal]);

  const set = (change: Partial<ProductEditing>) => {
    setSaved(false);
    setEditing((current) => ({ ...current, ...change }));
  };
  const invalid = refusal?.field ?? null;
  const invalidLang = (id: string) =>
    invalid?.startsWith(`${id}.`) && /\.[a-z]{2}$/.test(invalid) ? (invalid.slice(-2) as Locale) : null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      const body = draftOf(editing);
      const stored = product
        ? await consoleApi(consoleEndpoints.saveProduct(product.id), { body })
        : await consoleApi(consoleEndpoints.addProduct(menu.vendor.id), { body });
      if (product) {
        setEditing(editingOf(stored, sectionId));
        setSaved(true);
      } else navigate(`../${stored.id}`, { relative: "path", replace: true, state: { saved: true } });
    } catch (error) {
      if (error instanceof ConsoleApiError && error.status === 400) {
        const field = String(error.body.details?.[0]?.field ?? "");
        setRefusal({ field, message: refusalOf(field, error.body.errorCode) });
      } else if (error instanceof ConsoleApiError && error.status === 401) {
        navigate(`/${locale}/sign-in?next=${encodeURIComponent(location.pathname)}`);
      } else setRefusal({ field: "", message: "menuEditor.error.other" });
    } finally {
      setBusy(false);
    }
  };

  const refusalText = refusal
    ? t(refusal.message, { language: LANGUAGE_NAMES[(invalid?.slice(-2) as Locale) ?? lang] ?? "" })
    : null;

  return (
    <main className="mx-auto max-w-screen-lg p-4 pb-24">
      <Link to={`/${locale}/menus/${menu.vendor.id}`} className="text-accent text-sm underline">
        {t("menus.vendorTitle", { vendor: menu.vendor.name })}
      </Link>
      <PageTitle>
        {product
          ? t("menuEditor.editTitle", { product: pickText(product.name, locale, lang) })
          : t("menuEditor.newTitle")}
      </PageTitle>
      <h1 className="mt-1 font-semibold text-2xl">
        {product
          ? t("menuEditor.editTitle", { product: pickText(product.name, locale, lang) })
          : t("menuEditor.newTitle")}
      </h1>
      <p className="mt-1 text-ink-soft text-sm">
        {t("menuEditor.intro", { language: LANGUAGE_NAMES[lang], currency: menu.vendor.currencyCode })}
      </p>
      <form onSubmit={save} className="mt-4 grid gap-6" noValidate>
        <section className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-line lg:grid-cols-2">
          <div className="grid content-start gap-4">
            <LocalizedInput
              id="name"
              label={t("menuEditor.name")}
              lang={lang}
              value={editing.name}
              onChange={(name) => set({ name })}
              maxLength={120}
              invalid={invalidLang("name")}
            />
            <LocalizedInput
              id="description"
              label={t("menuEditor.description")}
              lang={lang}
              value={editing.description}
              onChange={(description) => set({ description })}
              maxLength={2000}
              multiline
            />
          </div>
          <div className="grid content-start gap-4 sm:grid-cols-2">
            <div className="grid gap-1 sm:col-span-2">
              <label htmlFor="sectionId" className="text-sm">
                {t("menuEditor.section")}
              </label>
              <select
                id="sectionId"
                required
                value={editing.sectionId}
                aria-invalid={invalid === "sectionId" || undefined}
                onChange={(event) => set({ sectionId: event.target.value })}
                className={FIELD_CLASS}
              >
                <option value="" disabled>
                  {t("menuEditor.chooseSection")}
                </option>
                {menu.sections.map((section) => (
                  <option key={section.id} value={section.id}>
                    {section.name}
                  </option>
                ))}
              </select>
            </div>
            <NumberField
              name="price"
              label={t("menus.price")}
              value={editing.price}
              onChange={(event) => set({ price: event.target.value })}
              refused={invalid}
              step="0.01"
              required
            />
            <NumberField
              name="discountPrice"
              label={t("menus.discountPrice")}
              value={editing.discountPrice}
              onChange={(event) => set({ discountPrice: event.target.value })}
              refused={invalid}
              step="0.01"
            />
            <NumberField
              name="weight"
              label={t("menuEditor.weight")}
              value={editing.weight}
              onChange={(event) => set({ weight: event.target.value })}
              refused={invalid}
              step={editing.weightUnit === "pcs" ? "1" : "any"}
              required
            />
            <div className="grid gap-1">
              <label htmlFor="weightUnit" className="text-sm">
                {t("menuEditor.weightUnit")}
              </label>
              <select
                id="weightUnit"
                value={editing.weightUnit}
                onChange={(event) => set({ weightUnit: event.target.value as WeightUnit })}
                className={FIELD_CLASS}
              >
                {WEIGHT_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`menuEditor.unit.${unit}`)}
                  </option>
                ))}
              </select>
            </div>
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                checked={editing.liquid}
                onChange={(event) => set({ liquid: event.target.checked })}
                className="size-4"
              />
              {t("menuEditor.liquid")}
            </label>
            <fieldset className="sm:col-span-2">
              <legend className="text-sm">{t("menuEditor.tags")}</legend>
              <div className="mt-1 flex flex-wrap gap-2">
                {PRODUCT_TAGS.filter((tag) => tag !== "SPICY").map((tag) => (
                  <label
                    key={tag}
                    className="flex items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-sm"
                  >
                    <input
                      type="checkbox"
                      checked={editing.tags.includes(tag)}
                      onChange={(event) =>
                        set({
                          tags: event.target.checked
                            ? [...editing.tags, tag]
                            : editing.tags.filter((chosen) => chosen !== tag),
                        })
                      }
                      className="size-4"
                    />
                    {t(`tag.${tag}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-1">
              <label htmlFor="spicyLevel" className="text-sm">
                {t("menuEditor.spicyLevel")}
              </label>
              <select
                id="spicyLevel"
                value={editing.spicyLevel}
                onChange={(event) => set({ spicyLevel: Number(event.target.value) as SpicyLevel })}
                className={FIELD_CLASS}
              >
                {SPICY_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t(`menuEditor.spicy.${level}`)}
                  </option>
                ))}
              </select>
            </div>
            <fieldset
              id="allergens"
              tabIndex={-1}
              aria-invalid={invalid?.startsWith("allergens") || undefined}
              aria-describedby="allergens-hint"
              className="rounded-xl p-2 outline-red-600 aria-[invalid]:outline sm:col-span-2"
            >
              <legend className="text-sm">{t("menuEditor.allergens")}</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={editing.allergensStated}
                  onChange={(event) => set({ allergensStated: event.target.checked })}
                  className="size-4"
                />
                {t("menuEditor.allergensStated")}
              </label>
              <p id="allergens-hint" className="mt-1 text-ink-soft text-xs">
                {editing.allergensStated ? t("menuEditor.allergensHint") : t("menuEditor.allergensUnstated")}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {ALLERGENS.map((allergen) => (
                  <label
                    key={allergen}
                    className="flex items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-sm has-[:disabled]:opacity-50"
                  >
                    <input
                      type="checkbox"
                      disabled={!editing.allergensStated}
                      checked={editing.allergensStated && editing.allergens.includes(allergen)}
                      onChange={(event) =>
                        set({
                          allergens: event.target.checked
                            ? [...editing.allergens, allergen]
                            : editing.allergens.filter((chosen) => chosen !== allergen),
                        })
                      }
                      className="size-4"
                    />
                    {t(`allergen.${allergen}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="grid grid-cols-2 gap-2 sm:col-span-2 sm:grid-cols-4">
              <legend className="text-sm">{t("menuEditor.nutrition")}</legend>
              {NUTRIENTS.map((key) => (
                <NumberField
                  key={key}
                  name={`nutritionFacts.${key}`}
                  label={t(`menuEditor.nutrient.${key}`)}
                  value={editing.nutrition[key]}
                  onChange={(event) =>
                    set({ nutrition: { ...editing.nutrition, [key]: event.target.value } })
                  }
                  refused={invalid}
                  step="any"
                />
              ))}
            </fieldset>
          </div>
        </section>

        <OptionGroupsEditor
          groups={editing.optionGroups}
          lang={lang}
          invalid={invalid}
          invalidLang={invalidLang}
          onChange={(optionGroups) => set({ optionGroups })}
        />

        <div className="sticky bottom-0 grid gap-2 border-line border-t bg-surface/95 py-3">
          {refusalText ? <Notice tone="bad">{refusalText}</Notice> : null}
          {saved ? <Notice tone="good">{t("menus.saved")}</Notice> : null}
          <SubmitButton busy={busy} wide={false}>
            {product ? t("menus.save") : t("menuEditor.create")}
          </SubmitButton>
        </div>
      </form>
    </main>
  );
}
