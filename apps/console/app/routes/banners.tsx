import type { Locale } from "@storefront/domain";
import { bannerFormSchema, type ConsoleBanner } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { useFetcher, useLoaderData, useRevalidator, useSearchParams } from "react-router";
import { CitySelect, FIELD_CLASS, Notice } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { PerLanguageText } from "../components/per-language-text.tsx";
import { PhotoPicker } from "../components/photo-picker.tsx";
import { ConsoleApiError, consoleApi, consoleUpload, signInRedirect } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/banners";

interface BannerList {
  banners: ConsoleBanner[];
  vendors: Array<{ id: number; name: string }>;
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const { localities } = await consoleApi(consoleEndpoints.localities());
    const chosen = new URL(request.url).searchParams.get("city");
    const city = localities.find((one) => one.code === chosen) ?? localities[0];
    const list = city
      ? await consoleApi(consoleEndpoints.banners<BannerList>(city.code))
      : { banners: [], vendors: [] };
    return { cities: localities.map(({ code, name }) => ({ code, name })), city: city?.code ?? "", ...list };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** Saves one banner's form, or deletes it; the API's refusal names the field. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(bannerFormSchema, form);
  if (!parsed.ok)
    return refusedForm(
      { id: Number(form.get("id")), saved: false, deleted: false, field: parsed.field },
      parsed.errors,
    );
  const { id, banner } = parsed.input;
  try {
    if (parsed.input.delete) {
      await consoleApi(consoleEndpoints.deleteBanner(id));
      return { id, saved: true, deleted: true, field: null };
    }
    await consoleApi(consoleEndpoints.saveBanner(id), { body: banner });
    return { id, saved: true, deleted: false, field: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 400)
      return { id, saved: false, deleted: false, field: String(error.body.details?.[0]?.field ?? "") };
    return signInRedirect(error, params.locale, request);
  }
}

const FIELD_ERRORS: Record<string, MessageKey> = {
  title: "banners.error.title",
  vendorId: "banners.error.vendor",
  url: "brand.error.link",
};

/** A new banner from a picture: it is added hidden, to be written below. */
function AddBanner({ city }: { city: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ busy: boolean; error: MessageKey | null }>({
    busy: false,
    error: null,
  });
  const add = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, error: null });
    try {
      await consoleUpload(consoleEndpoints.addBanner(city), file);
      setState({ busy: false, error: null });
      void revalidator.revalidate();
    } catch (error) {
      const small = error instanceof ConsoleApiError && error.body.errorCode === "TOO_SMALL";
      setState({ busy: false, error: small ? "banners.tooSmall" : "menus.photoType" });
    }
  };
  return (
    <div className="grid gap-2">
      <label className="w-fit cursor-pointer rounded-lg bg-accent px-4 py-2 font-semibold text-white">
        {state.busy ? t("menus.photoUploading") : t("banners.add")}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={state.busy}
          onChange={(event) => void add(event.target.files?.[0])}
        />
      </label>
      <p className="text-ink-soft text-xs">{t("banners.addHint")}</p>
      {state.error ? <Notice tone="bad">{t(state.error)}</Notice> : null}
    </div>
  );
}

/** One banner: its picture, its title per language, what it opens, its place and whether it shows. */
function BannerEditor({
  banner,
  vendors,
  number,
}: {
  banner: ConsoleBanner;
  vendors: BannerList["vendors"];
  number: number;
}) {
  const t = useT();
  const fetcher = useFetcher<typeof clientAction>();
  const [language, setLanguage] = useState<Locale>(useLocale());
  const [opens, setOpens] = useState(banner.vendorId !== null ? "vendor" : banner.url ? "url" : "nothing");
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const refused = result && !result.saved ? result.field : null;
  const name = banner.title[language] || Object.values(banner.title)[0] || t("banners.untitled", { number });
  const id = (field: string) => `banner-${banner.id}-${field}`;
  return (
    <li className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line">
      <h2 className="font-semibold">{name}</h2>
      <PhotoPicker
        current={banner.picture}
        upload={consoleEndpoints.bannerPicture(banner.id)}
        label={t("banners.pictureOf", { name })}
        tooSmall="banners.tooSmall"
        width={240}
        height={120}
      />
      <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="id" value={banner.id} />
        <PerLanguageText
          label={t("banners.language")}
          language={language}
          onLanguageChange={setLanguage}
          texts={[
            {
              name: "title",
              label: (languageName) => t("banners.title", { language: languageName }),
              values: banner.title,
              maxLength: 120,
              invalid: refused === "title",
            },
          ]}
        />
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1 font-medium text-sm">{t("banners.opens")}</legend>
          {(["vendor", "url", "nothing"] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="opens"
                value={kind}
                checked={opens === kind}
                onChange={() => setOpens(kind)}
                className="size-4"
              />
              {t(`banners.opens.${kind}`)}
            </label>
          ))}
          {opens === "vendor" ? (
            <select
              name="vendorId"
              aria-label={t("banners.vendor")}
              defaultValue={banner.vendorId ?? vendors[0]?.id}
              aria-invalid={refused === "vendorId" || undefined}
              className={`${FIELD_CLASS} max-w-sm`}
            >
              {vendors.map((vendor) => (
                <option key={vendor.id} value={vendor.id}>
                  {vendor.name}
                </option>
              ))}
            </select>
          ) : null}
          {opens === "url" ? (
            <input
              name="url"
              aria-label={t("banners.url")}
              defaultValue={banner.url ?? ""}
              placeholder="/cms/about"
              dir="ltr"
              required
              aria-invalid={refused === "url" || undefined}
              className={`${FIELD_CLASS} max-w-sm`}
            />
          ) : null}
        </fieldset>
        <label htmlFor={id("sort")} className="grid content-start gap-1 text-sm">
          {t("banners.sort")}
          <input
            id={id("sort")}
            name="sort"
            type="number"
            min={0}
            max={999}
            step={1}
            defaultValue={banner.sort}
            className={`${FIELD_CLASS} max-w-32`}
          />
        </label>
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" name="visible" defaultChecked={banner.visible} className="size-4" />
          {t("banners.visible")}
        </label>
        {result ? (
          <div className="sm:col-span-2">
            <Notice tone={result.saved ? "good" : "bad"}>
              {result.saved
                ? t("menus.saved")
                : t(FIELD_ERRORS[result.field ?? ""] ?? "banners.error.invalid")}
            </Notice>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="rounded-lg bg-accent px-4 py-2 font-semibold text-white disabled:opacity-60"
          >
            {t("menus.save")}
          </button>
          <button
            type="submit"
            name="intent"
            value="delete"
            formNoValidate
            onClick={(event) => {
              if (!window.confirm(t("banners.deleteQuestion", { name }))) event.preventDefault();
            }}
            className="rounded-lg border border-line px-4 py-2"
          >
            {t("banners.delete")}
          </button>
        </div>
      </fetcher.Form>
    </li>
  );
}

/** The city's home-page banners, in the storefront's order. */
export default function Banners() {
  const t = useT();
  const { cities, city, banners, vendors } = useLoaderData<typeof clientLoader>();
  const [, setSearch] = useSearchParams();
  return (
    <main className="mx-auto grid max-w-screen-md gap-4 p-4">
      <PageTitle>{t("banners.nav")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("banners.nav")}</h1>
      <p className="text-ink-soft">{t("banners.intro")}</p>
      <CitySelect
        label={t("promo.locality")}
        cities={cities}
        value={city}
        onChange={(code) => setSearch({ city: code })}
      />
      {city ? <AddBanner city={city} /> : null}
      {banners.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-ink-soft ring-1 ring-line">
          {t("banners.empty")}
        </p>
      ) : (
        <ol className="grid gap-4">
          {banners.map((banner, index) => (
            <BannerEditor key={banner.id} banner={banner} vendors={vendors} number={index + 1} />
          ))}
        </ol>
      )}
    </main>
  );
}
