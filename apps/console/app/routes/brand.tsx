import { brandContrast } from "@storefront/domain/brand";
import { BRAND_FORM_LINKS, brandFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Field, Notice, SubmitButton } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { PhotoPicker } from "../components/photo-picker.tsx";
import { WeeklyHours } from "../components/weekly-hours.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/brand";

const { info: INFO_LINKS, app: APP_LINKS, social: SOCIAL_LINKS } = BRAND_FORM_LINKS;

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    return await consoleApi(consoleEndpoints.brand());
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** The API's name of a refused field, as the form's input is named ("links.aboutUs" → "aboutUs"). */
const inputOf = (field: string) => field.split(".").at(-1) ?? "";

/** Saves the whole form; the API's refusal names the field to correct. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const parsed = parseForm(brandFormSchema, await request.formData());
  if (!parsed.ok) return refusedForm({ saved: false, field: inputOf(parsed.field) }, parsed.errors);
  try {
    await consoleApi(consoleEndpoints.saveBrand(), { body: parsed.input });
    return { saved: true, field: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 400)
      return { saved: false, field: inputOf(String(error.body.details?.[0]?.field ?? "")) };
    return signInRedirect(error, params.locale, request);
  }
}

const FIELD_ERRORS: Record<string, MessageKey> = {
  brandColour: "brand.error.brandColour",
  textLogo: "brand.error.textLogo",
  platformName: "brand.error.platformName",
  supportEmail: "brand.error.supportEmail",
  supportPhone: "brand.error.supportPhone",
  ...Object.fromEntries(
    [...INFO_LINKS, ...APP_LINKS, ...SOCIAL_LINKS].map((name) => [name, "brand.error.link" as MessageKey]),
  ),
};

/** The colour picker with a sample of how the storefront shows it, and its contrast. */
function BrandColour({ initial, invalid }: { initial: string; invalid: boolean }) {
  const t = useT();
  const [colour, setColour] = useState(initial);
  const contrast = brandContrast(colour);
  const ratio = Math.min(contrast.buttonText, contrast.onPage).toFixed(2);
  return (
    <div className="grid gap-2 sm:col-span-2 sm:grid-cols-[auto_1fr] sm:items-start">
      <div className="grid gap-1">
        <label htmlFor="brandColour" className="font-medium text-sm">
          {t("brand.colour")}
        </label>
        <input
          id="brandColour"
          name="brandColour"
          type="color"
          value={colour}
          aria-invalid={invalid || !contrast.readable || undefined}
          aria-describedby="brand-contrast"
          onChange={(event) => setColour(event.target.value)}
          className="h-11 w-24 cursor-pointer rounded-lg border border-line bg-white p-1"
        />
        <span dir="ltr" className="text-ink-soft text-sm tabular-nums">
          {colour}
        </span>
      </div>
      <figure className="grid gap-2 rounded-xl bg-[#f6f6f4] p-3">
        <figcaption className="font-medium text-sm">{t("brand.preview")}</figcaption>
        <div className="flex flex-wrap items-center gap-3">
          <span
            className="rounded-full px-4 py-2 font-semibold text-sm text-white"
            style={{ backgroundColor: contrast.shown }}
          >
            {t("brand.sampleButton")}
          </span>
          <span className="font-semibold text-sm underline" style={{ color: contrast.shown }}>
            {t("brand.sampleLink")}
          </span>
        </div>
        <p
          id="brand-contrast"
          role={contrast.readable ? undefined : "alert"}
          className={`text-sm ${contrast.readable ? "text-ink-soft" : "font-medium text-red-800"}`}
        >
          {contrast.readable ? t("brand.contrast", { ratio }) : t("brand.tooLight")}
        </p>
      </figure>
    </div>
  );
}

function LinkFields({
  legend,
  names,
  values,
  refused,
}: {
  legend: MessageKey;
  names: readonly string[];
  values: Record<string, unknown>;
  refused: string | null;
}) {
  const t = useT();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 font-medium">{t(legend)}</legend>
      {names.map((name) => (
        <Field
          key={name}
          name={name}
          label={t(`brand.link.${name}` as MessageKey)}
          defaultValue={typeof values[name] === "string" ? values[name] : ""}
          maxLength={2000}
          dir="ltr"
          refused={refused}
          aria-describedby="links-hint"
        />
      ))}
    </fieldset>
  );
}

/** The partner's brand (name, colour, logo, preview image) and footer (details, contacts, links). */
export default function BrandScreen() {
  const t = useT();
  const brand = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const refused = result && !result.saved ? result.field : null;
  return (
    <main className="mx-auto max-w-screen-md p-4">
      <PageTitle>{t("brand.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("brand.title")}</h1>
      <p className="mt-1 text-ink-soft">{t("brand.intro")}</p>
      <Form method="post" className="mt-4 grid gap-6">
        <section
          className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-2"
          aria-labelledby="identity"
        >
          <h2 id="identity" className="font-semibold text-lg sm:col-span-2">
            {t("brand.identity")}
          </h2>
          <Field
            name="platformName"
            label={t("brand.platformName")}
            defaultValue={brand.platformName}
            required
            maxLength={60}
            refused={refused}
          />
          <BrandColour initial={brand.brandColour} invalid={refused === "brandColour"} />
          <fieldset className="grid gap-2 sm:col-span-2">
            <legend className="font-medium text-sm">{t("brand.logo")}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="logoKind"
                value="text"
                defaultChecked={brand.textLogo}
                className="size-4"
              />
              {t("brand.textLogo")}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="logoKind"
                value="image"
                defaultChecked={!brand.textLogo}
                aria-invalid={refused === "textLogo" || undefined}
                className="size-4"
              />
              {t("brand.imageLogo")}
            </label>
            <p className="text-ink-soft text-sm">{t("brand.logoHint")}</p>
            <PhotoPicker
              current={brand.logoUrl}
              upload={consoleEndpoints.brandPicture("logo")}
              label={t("brand.logoOf", { name: brand.platformName })}
              tooSmall="brand.logoTooSmall"
              saved="brand.pictureSaved"
              width={160}
              height={40}
              fit="contain"
            />
          </fieldset>
          <div className="grid gap-2 sm:col-span-2">
            <p className="font-medium text-sm">{t("brand.social")}</p>
            <p className="text-ink-soft text-sm">{t("brand.socialHint")}</p>
            <PhotoPicker
              current={brand.socialPreviewUrl}
              upload={consoleEndpoints.brandPicture("social-image")}
              label={t("brand.socialOf", { name: brand.platformName })}
              tooSmall="brand.socialTooSmall"
              saved="brand.pictureSaved"
              width={120}
              height={120}
            />
          </div>
        </section>
        <section
          className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-2"
          aria-labelledby="footer"
        >
          <h2 id="footer" className="font-semibold text-lg sm:col-span-2">
            {t("brand.footer")}
          </h2>
          <Field
            name="officialName"
            label={t("brand.officialName")}
            defaultValue={brand.officialName}
            maxLength={300}
          />
          <Field
            name="certificate"
            label={t("brand.certificate")}
            defaultValue={brand.certificate}
            maxLength={300}
          />
          <div className="sm:col-span-2">
            <Field
              name="officialAddress"
              label={t("brand.officialAddress")}
              defaultValue={brand.officialAddress}
              maxLength={300}
            />
          </div>
          <Field
            name="supportPhone"
            label={t("brand.supportPhone")}
            defaultValue={brand.supportPhone}
            type="tel"
            dir="ltr"
            maxLength={40}
            refused={refused}
          />
          <Field
            name="supportEmail"
            label={t("brand.supportEmail")}
            defaultValue={brand.supportEmail}
            type="email"
            dir="ltr"
            maxLength={200}
            refused={refused}
          />
        </section>
        <WeeklyHours initial={brand.supportHours} name="supportHours" legend="brand.supportHours" />
        <section className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-line" aria-labelledby="links">
          <h2 id="links" className="font-semibold text-lg">
            {t("brand.links")}
          </h2>
          <p id="links-hint" className="text-ink-soft text-sm">
            {t("brand.linksHint")}
          </p>
          <LinkFields legend="brand.infoLinks" names={INFO_LINKS} values={brand.links} refused={refused} />
          <LinkFields legend="brand.appLinks" names={APP_LINKS} values={brand.links} refused={refused} />
          <LinkFields
            legend="brand.socialLinks"
            names={SOCIAL_LINKS}
            values={brand.links.socialNetworks}
            refused={refused}
          />
        </section>
        {result ? (
          <Notice tone={result.saved ? "good" : "bad"}>
            {result.saved ? t("menus.saved") : t(FIELD_ERRORS[result.field ?? ""] ?? "brand.error.invalid")}
          </Notice>
        ) : null}
        <SubmitButton busy={busy} wide={false}>
          {t("menus.save")}
        </SubmitButton>
      </Form>
    </main>
  );
}
