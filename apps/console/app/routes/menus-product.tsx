import {
  LANGUAGE_NAMES,
  type Locale,
  type LocalizedText,
  PRODUCT_TAGS,
  type ProductTag,
  pickText,
  WEIGHT_UNITS,
  type WeightUnit,
} from "@storefront/domain";
import type { ConsoleMenu, ConsoleProductDetails, ConsoleProductDraft } from "@storefront/domain/contract";
import { type FormEvent, useEffect, useState } from "react";
import { data, Link, useLoaderData, useLocation, useNavigate } from "react-router";
import { Notice, SubmitButton } from "../components/form-parts.tsx";
import { LocalizedInput } from "../components/localized-input.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/menus-product";

/** The product to edit (or none: "new"), with the vendor's sections to place it in. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const isNew = params.productId === "new";
  if (!isNew && !/^\d+$/.test(params.productId)) throw data(null, { status: 404 });
  try {
    const [menu, product] = await Promise.all([
      consoleApi<ConsoleMenu>(`/vendors/${params.vendorId}/menu?locale=${params.locale}`),
      isNew ? null : consoleApi<ConsoleProductDetails>(`/products/${params.productId}`),
    ]);
    const section = Number(new URL(request.url).searchParams.get("section"));
    return { menu, product, sectionId: menu.sections.some((s) => s.id === section) ? section : null };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** What the form holds while the member types: numbers as typed, each list row with a steady key. */
interface OptionRow {
  key: number;
  id?: number;
  name: LocalizedText;
  price: string;
  available: boolean;
}
interface GroupRow {
  key: number;
  id?: number;
  name: LocalizedText;
  required: boolean;
  multiSelection: boolean;
  maxCount: string;
  options: OptionRow[];
}
const NUTRIENTS = ["calories", "proteins", "fats", "carbohydrates"] as const;
interface Editing {
  sectionId: string;
  name: LocalizedText;
  description: LocalizedText;
  price: string;
  discountPrice: string;
  weight: string;
  weightUnit: WeightUnit;
  liquid: boolean;
  tags: ProductTag[];
  nutrition: Record<(typeof NUTRIENTS)[number], string>;
  optionGroups: GroupRow[];
}

let nextKey = 1;
const newOption = (): OptionRow => ({ key: nextKey++, name: {}, price: "0", available: true });
const newGroup = (): GroupRow => ({
  key: nextKey++,
  name: {},
  required: false,
  multiSelection: false,
  maxCount: "1",
  options: [newOption()],
});

function editingOf(product: ConsoleProductDetails | null, sectionId: number | null): Editing {
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  return {
    sectionId: text(product?.sectionId ?? sectionId),
    name: product?.name ?? {},
    description: product?.description ?? {},
    price: text(product?.price),
    discountPrice: text(product?.discountPrice),
    weight: text(product?.weight),
    weightUnit: product?.weightUnit ?? "g",
    liquid: product?.attributes.includes("LIQUID") ?? false,
    tags: product?.tags ?? [],
    nutrition: {
      calories: text(product?.nutritionFacts?.calories),
      proteins: text(product?.nutritionFacts?.proteins),
      fats: text(product?.nutritionFacts?.fats),
      carbohydrates: text(product?.nutritionFacts?.carbohydrates),
    },
    optionGroups: (product?.optionGroups ?? []).map((group) => ({
      key: nextKey++,
      id: group.id,
      name: group.name,
      required: group.required,
      multiSelection: group.multiSelection,
      maxCount: String(group.maxCount),
      options: group.options.map((option) => ({
        key: nextKey++,
        id: option.id,
        name: option.name,
        price: String(option.price),
        available: option.available,
      })),
    })),
  };
}

/** The form as the API takes it: the whole product. */
function draftOf(editing: Editing): ConsoleProductDraft {
  const nutritionGiven = NUTRIENTS.some((key) => editing.nutrition[key].trim() !== "");
  return {
    sectionId: Number(editing.sectionId),
    name: editing.name,
    description: editing.description,
    price: Number(editing.price),
    discountPrice: editing.discountPrice.trim() === "" ? null : Number(editing.discountPrice),
    weight: Number(editing.weight),
    weightUnit: editing.weightUnit,
    attributes: editing.liquid ? ["LIQUID"] : [],
    tags: editing.tags,
    nutritionFacts: nutritionGiven
      ? {
          calories: Number(editing.nutrition.calories),
          proteins: Number(editing.nutrition.proteins),
          fats: Number(editing.nutrition.fats),
          carbohydrates: Number(editing.nutrition.carbohydrates),
        }
      : null,
    optionGroups: editing.optionGroups.map((group) => ({
      ...(group.id === undefined ? {} : { id: group.id }),
      name: group.name,
      required: group.required,
      multiSelection: group.multiSelection,
      maxCount: group.multiSelection ? Number(group.maxCount) : 1,
      options: group.options.map((option) => ({
        ...(option.id === undefined ? {} : { id: option.id }),
        name: option.name,
        price: Number(option.price),
        available: option.available,
      })),
    })),
  };
}

/** What to tell the member about the field the API refused (its path, as the inputs' ids are). */
function refusalOf(field: string, errorCode: string | undefined): MessageKey {
  if (/(^|\.)name\.[a-z]{2}$/.test(field)) return "menuEditor.error.name";
  if (field === "price") return "menus.priceInvalid";
  if (field === "discountPrice") return "menus.discountInvalid";
  if (field === "weight") return "menuEditor.error.weight";
  if (field === "sectionId") return "menuEditor.error.section";
  if (field.startsWith("nutritionFacts")) return "menuEditor.error.nutrition";
  if (/\.options\.\d+\.price$/.test(field)) return "menuEditor.error.optionPrice";
  if (field.endsWith(".maxCount")) return "menuEditor.error.maxCount";
  if (field.endsWith(".options"))
    return errorCode === "REQUIRED_WITHOUT_CHOICE"
      ? "menuEditor.error.requiredChoice"
      : "menuEditor.error.noOptions";
  return "menuEditor.error.other";
}

const INPUT =
  "w-full rounded-lg border border-line bg-white px-3 py-2 tabular-nums aria-[invalid]:border-red-700";

/** A labelled number input whose id is the API's name for the field. */
function NumberField({
  id,
  label,
  value,
  onChange,
  invalid,
  step = "0.01",
  required = false,
  disabled = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: string | null;
  step?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min="0"
        step={step}
        required={required}
        disabled={disabled}
        value={value}
        aria-invalid={invalid === id || undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} disabled:opacity-50`}
      />
    </div>
  );
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
    if (refusal) document.getElementById(refusal.field)?.focus();
  }, [refusal]);

  const set = (change: Partial<Editing>) => {
    setSaved(false);
    setEditing((current) => ({ ...current, ...change }));
  };
  const setGroup = (index: number, change: Partial<GroupRow>) =>
    set({ optionGroups: editing.optionGroups.map((g, i) => (i === index ? { ...g, ...change } : g)) });
  const setOption = (groupIndex: number, optionIndex: number, change: Partial<OptionRow>) => {
    const group = editing.optionGroups[groupIndex] as GroupRow;
    setGroup(groupIndex, {
      options: group.options.map((o, i) => (i === optionIndex ? { ...o, ...change } : o)),
    });
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
        ? await consoleApi<ConsoleProductDetails>(`/products/${product.id}`, { method: "PUT", body })
        : await consoleApi<ConsoleProductDetails>(`/vendors/${menu.vendor.id}/products`, {
            method: "POST",
            body,
          });
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
                className={INPUT}
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
              id="price"
              label={t("menus.price")}
              value={editing.price}
              onChange={(price) => set({ price })}
              invalid={invalid}
              required
            />
            <NumberField
              id="discountPrice"
              label={t("menus.discountPrice")}
              value={editing.discountPrice}
              onChange={(discountPrice) => set({ discountPrice })}
              invalid={invalid}
            />
            <NumberField
              id="weight"
              label={t("menuEditor.weight")}
              value={editing.weight}
              onChange={(weight) => set({ weight })}
              invalid={invalid}
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
                className={INPUT}
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
                {PRODUCT_TAGS.map((tag) => (
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
            <fieldset className="grid grid-cols-2 gap-2 sm:col-span-2 sm:grid-cols-4">
              <legend className="text-sm">{t("menuEditor.nutrition")}</legend>
              {NUTRIENTS.map((key) => (
                <NumberField
                  key={key}
                  id={`nutritionFacts.${key}`}
                  label={t(`menuEditor.nutrient.${key}`)}
                  value={editing.nutrition[key]}
                  onChange={(value) => set({ nutrition: { ...editing.nutrition, [key]: value } })}
                  invalid={invalid}
                  step="any"
                />
              ))}
            </fieldset>
          </div>
        </section>

        <section aria-labelledby="option-groups" className="grid gap-3">
          <h2 id="option-groups" className="font-semibold text-lg">
            {t("menuEditor.optionGroups")}
          </h2>
          {editing.optionGroups.length === 0 ? (
            <p className="text-ink-soft text-sm">{t("menuEditor.noOptionGroups")}</p>
          ) : null}
          {editing.optionGroups.map((group, g) => (
            <fieldset key={group.key} className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line">
              <legend className="sr-only">{t("menuEditor.groupNumber", { number: g + 1 })}</legend>
              <div className="grid gap-3 lg:grid-cols-[2fr_1fr]">
                <LocalizedInput
                  id={`optionGroups.${g}.name`}
                  label={t("menuEditor.groupName", { number: g + 1 })}
                  lang={lang}
                  value={group.name}
                  onChange={(name) => setGroup(g, { name })}
                  maxLength={80}
                  invalid={invalidLang(`optionGroups.${g}.name`)}
                />
                <div className="grid content-start gap-2">
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={group.required}
                      onChange={(event) => setGroup(g, { required: event.target.checked })}
                      className="size-4"
                    />
                    {t("menuEditor.required")}
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={group.multiSelection}
                      onChange={(event) =>
                        setGroup(g, {
                          multiSelection: event.target.checked,
                          maxCount: event.target.checked && group.maxCount === "1" ? "2" : group.maxCount,
                        })
                      }
                      className="size-4"
                    />
                    {t("menuEditor.multiSelection")}
                  </label>
                  <NumberField
                    id={`optionGroups.${g}.maxCount`}
                    label={t("menuEditor.maxCount")}
                    value={group.multiSelection ? group.maxCount : "1"}
                    onChange={(maxCount) => setGroup(g, { maxCount })}
                    invalid={invalid}
                    step="1"
                    disabled={!group.multiSelection}
                  />
                </div>
              </div>
              <ul
                id={`optionGroups.${g}.options`}
                tabIndex={-1}
                aria-label={t("menuEditor.optionsOf", { number: g + 1 })}
                aria-invalid={invalid === `optionGroups.${g}.options` || undefined}
                className="grid gap-2 rounded-xl aria-[invalid]:ring-2 aria-[invalid]:ring-red-700"
              >
                {group.options.map((option, o) => (
                  <li
                    key={option.key}
                    className="grid items-start gap-3 rounded-xl bg-surface p-3 sm:grid-cols-[2fr_8rem_auto_auto]"
                  >
                    <LocalizedInput
                      id={`optionGroups.${g}.options.${o}.name`}
                      label={t("menuEditor.optionName", { number: o + 1 })}
                      lang={lang}
                      value={option.name}
                      onChange={(name) => setOption(g, o, { name })}
                      maxLength={80}
                      invalid={invalidLang(`optionGroups.${g}.options.${o}.name`)}
                    />
                    <NumberField
                      id={`optionGroups.${g}.options.${o}.price`}
                      label={t("menuEditor.optionPrice")}
                      value={option.price}
                      onChange={(price) => setOption(g, o, { price })}
                      invalid={invalid}
                    />
                    <label className="flex items-center gap-2 self-center text-sm">
                      <input
                        type="checkbox"
                        checked={!option.available}
                        onChange={(event) => setOption(g, o, { available: !event.target.checked })}
                        className="size-4"
                      />
                      {t("menus.soldOut")}
                    </label>
                    <button
                      type="button"
                      onClick={() => setGroup(g, { options: group.options.filter((_, i) => i !== o) })}
                      className="self-center rounded-lg border border-line px-3 py-1.5 text-sm"
                    >
                      {t("menuEditor.removeOption", { number: o + 1 })}
                    </button>
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  onClick={() => setGroup(g, { options: [...group.options, newOption()] })}
                  className="rounded-lg border border-line px-3 py-1.5 text-sm"
                >
                  {t("menuEditor.addOption", { number: g + 1 })}
                </button>
                <button
                  type="button"
                  onClick={() => set({ optionGroups: editing.optionGroups.filter((_, i) => i !== g) })}
                  className="rounded-lg border border-red-700 px-3 py-1.5 text-red-800 text-sm"
                >
                  {t("menuEditor.removeGroup", { number: g + 1 })}
                </button>
              </div>
            </fieldset>
          ))}
          <button
            type="button"
            onClick={() => set({ optionGroups: [...editing.optionGroups, newGroup()] })}
            className="justify-self-start rounded-lg border border-line bg-white px-4 py-2 text-sm"
          >
            {t("menuEditor.addGroup")}
          </button>
        </section>

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
