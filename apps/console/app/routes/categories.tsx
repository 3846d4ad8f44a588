import type { Locale } from "@storefront/domain";
import { type ConsoleCategory, categoryFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { Link, useFetcher, useLoaderData, useSearchParams } from "react-router";
import { CitySelect, FIELD_CLASS, Notice } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { PerLanguageText } from "../components/per-language-text.tsx";
import { PhotoPicker } from "../components/photo-picker.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/categories";

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const { localities } = await consoleApi(consoleEndpoints.localities());
    const chosen = new URL(request.url).searchParams.get("city");
    const city = localities.find((one) => one.code === chosen) ?? localities[0];
    const { categories } = city
      ? await consoleApi(consoleEndpoints.categories(city.code))
      : { categories: [] };
    return {
      cities: localities.map(({ code, name }) => ({ code, name })),
      city: city?.code ?? "",
      cityName: city?.name ?? "",
      categories,
    };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** Adds, saves or deletes one category; the API's refusal names the field. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const parsed = parseForm(categoryFormSchema, await request.formData());
  if (!parsed.ok) return refusedForm({ saved: false, field: parsed.field, refusal: null }, parsed.errors);
  const { intent, id, city, category } = parsed.input;
  try {
    if (intent === "delete") {
      await consoleApi(consoleEndpoints.deleteCategory(id));
      return { saved: true, field: null, refusal: null };
    }
    if (id === null) await consoleApi(consoleEndpoints.addCategory(city), { body: category });
    else await consoleApi(consoleEndpoints.saveCategory(id), { body: category });
    return { saved: true, field: null, refusal: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && (error.status === 400 || error.status === 409))
      return {
        saved: false,
        field: String(error.body.details?.[0]?.field ?? ""),
        refusal: error.body.errorCode ?? null,
      };
    return signInRedirect(error, params.locale, request);
  }
}

function refusalOf(field: string | null, refusal: string | null): MessageKey {
  if (refusal === "HAS_CHILDREN") return "categories.error.hasChildren";
  if (field === "name") return "categories.error.name";
  if (field === "parentId") return "categories.error.parent";
  return "categories.error.invalid";
}

/** A category's form: its name per language (one shown at a time), parent, quick row and place. */
function CategoryForm({
  category,
  parents,
  city,
  hasChildren = false,
}: {
  category: ConsoleCategory | null;
  parents: ConsoleCategory[];
  city: string;
  /** A category with categories under it stays on the first level. */
  hasChildren?: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher<typeof clientAction>();
  const [language, setLanguage] = useState<Locale>(useLocale());
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const refused = result && !result.saved ? result.field : null;
  const key = category?.id ?? "new";
  return (
    <fetcher.Form
      method="post"
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value !== "delete") return;
        if (!window.confirm(t("categories.deleteQuestion", { count: category?.vendors ?? 0 })))
          event.preventDefault();
      }}
    >
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      <input type="hidden" name="city" value={city} />
      <PerLanguageText
        label={t("categories.language")}
        language={language}
        onLanguageChange={setLanguage}
        texts={[
          {
            name: "name",
            label: (languageName) => t("categories.name", { language: languageName }),
            values: category?.name ?? {},
            maxLength: 60,
            invalid: refused === "name",
          },
        ]}
      />
      <label className="grid content-start gap-1 text-sm">
        {t("categories.parent")}
        <select
          name="parentId"
          defaultValue={category?.parentId ?? ""}
          disabled={hasChildren}
          aria-invalid={refused === "parentId" || undefined}
          className={FIELD_CLASS}
        >
          <option value="">{t("categories.firstLevel")}</option>
          {parents
            .filter((parent) => parent.id !== category?.id)
            .map((parent) => (
              <option key={parent.id} value={parent.id}>
                {parent.name[language] ?? Object.values(parent.name)[0]}
              </option>
            ))}
        </select>
      </label>
      <label htmlFor={`category-${key}-sort`} className="grid content-start gap-1 text-sm">
        {t("banners.sort")}
        <input
          id={`category-${key}-sort`}
          name="sort"
          type="number"
          min={0}
          max={999}
          step={1}
          defaultValue={category?.sort ?? 0}
          className={`${FIELD_CLASS} max-w-32`}
        />
      </label>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="top" defaultChecked={category?.top ?? false} className="size-4" />
        {t("categories.top")}
      </label>
      {result ? (
        <div className="sm:col-span-2">
          <Notice tone={result.saved ? "good" : "bad"}>
            {result.saved ? t("menus.saved") : t(refusalOf(result.field, result.refusal))}
          </Notice>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-lg bg-accent px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {category ? t("menus.save") : t("categories.add")}
        </button>
        {category ? (
          <button
            type="submit"
            name="intent"
            value="delete"
            className="rounded-lg border border-line px-4 py-2"
          >
            {t("banners.delete")}
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

/** The city's categories, two levels, in the storefront's order; vendors are put under them on their page. */
export default function Categories() {
  const t = useT();
  const locale = useLocale();
  const { cities, city, cityName, categories } = useLoaderData<typeof clientLoader>();
  const [, setSearch] = useSearchParams();
  const parents = categories.filter((one) => one.parentId === null);
  const nameOf = (category: ConsoleCategory) =>
    category.name[locale] ?? Object.values(category.name)[0] ?? `#${category.id}`;
  return (
    <main className="mx-auto grid max-w-screen-md gap-4 p-4">
      <PageTitle>{t("categories.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("categories.title")}</h1>
      <p className="text-ink-soft">{t("categories.intro")}</p>
      <div className="flex flex-wrap items-end gap-4">
        <CitySelect
          label={t("promo.locality")}
          cities={cities}
          value={city}
          onChange={(code) => setSearch({ city: code })}
        />
        <Link to={`/${locale}/cities?city=${encodeURIComponent(city)}`} className="text-accent underline">
          {t("categories.settingsOf", { city: cityName })}
        </Link>
      </div>
      <section
        aria-labelledby="new-category"
        className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line"
      >
        <h2 id="new-category" className="font-semibold text-lg">
          {t("categories.new")}
        </h2>
        <CategoryForm
          key={`new-${city}-${categories.length}`}
          category={null}
          parents={parents}
          city={city}
        />
      </section>
      <ol className="grid gap-3">
        {categories.map((category) => (
          <li
            key={category.id}
            className={`grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line ${category.parentId === null ? "" : "ms-8"}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold">{nameOf(category)}</h2>
              <span className="text-ink-soft text-sm">
                {t("categories.vendors", { count: category.vendors })}
              </span>
            </div>
            <PhotoPicker
              current={category.picture}
              upload={consoleEndpoints.categoryPicture(category.id)}
              label={t("categories.iconOf", { name: nameOf(category) })}
              tooSmall="categories.tooSmall"
              width={48}
              height={48}
            />
            <details>
              <summary className="cursor-pointer text-accent text-sm underline">
                {t("categories.edit", { name: nameOf(category) })}
              </summary>
              <div className="mt-3">
                <CategoryForm
                  category={category}
                  parents={parents}
                  city={city}
                  hasChildren={categories.some((other) => other.parentId === category.id)}
                />
              </div>
            </details>
          </li>
        ))}
      </ol>
    </main>
  );
}
