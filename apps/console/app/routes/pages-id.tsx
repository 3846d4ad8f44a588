import { LANGUAGE_NAMES, type Locale, type LocalizedText, SUPPORTED_LOCALES } from "@storefront/domain";
import { type ConsolePage, contentPageFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { lazy, Suspense, useState } from "react";
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { FIELD_CLASS, Notice, SubmitButton } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/pages-id";

/** The editor (TipTap and ProseMirror) comes with this screen only. */
const RichTextEditor = lazy(() => import("../components/rich-text-editor.tsx"));

const NEW_PAGE: ConsolePage = { id: 0, slug: "", title: {}, body: {}, visible: true };

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  if (params.pageId === "new") return NEW_PAGE;
  try {
    return await consoleApi(consoleEndpoints.page(params.pageId));
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

type Refusal = { field: string; taken: boolean };

/** Saves the page whole; a new one opens as itself after. The API's refusal names the field. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const parsed = parseForm(contentPageFormSchema, await request.formData());
  if (!parsed.ok)
    return refusedForm(
      { saved: false as const, refused: { field: parsed.field, taken: false } satisfies Refusal },
      parsed.errors,
    );
  const { draft } = parsed.input;
  try {
    if (params.pageId === "new") {
      const created = await consoleApi(consoleEndpoints.addPage(), { body: draft });
      return redirect(`/${params.locale}/pages/${created.id}?saved=1`);
    }
    await consoleApi(consoleEndpoints.savePage(params.pageId), { body: draft });
    return { saved: true as const, refused: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && (error.status === 400 || error.status === 409)) {
      const refused: Refusal = {
        field: String(error.body.details?.[0]?.field ?? ""),
        taken: error.status === 409,
      };
      return { saved: false as const, refused };
    }
    return signInRedirect(error, params.locale, request);
  }
}

/**
 * What a refusal says, and the language it concerns (title.pt); a page with no text at all is asked
 * for it in the language being edited.
 */
function useRefusalText(
  refused: Refusal | null,
  editing: Locale,
): { text: string; lang: Locale | null } | null {
  const t = useT();
  if (!refused) return null;
  const [field, lang] = refused.field.split(".") as [string, Locale | undefined];
  const language = lang ? LANGUAGE_NAMES[lang] : "";
  if (field === "slug")
    return { text: t(refused.taken ? "pages.error.slugTaken" : "pages.error.slug"), lang: null };
  if (field === "title" && lang) return { text: t("pages.error.title", { language }), lang };
  if (field === "title") return { text: t("pages.error.noTitle"), lang: null };
  if (field === "body")
    return { text: t("pages.error.body", { language: LANGUAGE_NAMES[editing] }), lang: editing };
  return { text: t("pages.error.invalid"), lang: null };
}

/** A content page: its address, whether it is shown, and its title and text in each language. */
export default function PageEditor() {
  const t = useT();
  const locale = useLocale();
  const page = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const [slug, setSlug] = useState(page.slug);
  const [visible, setVisible] = useState(page.visible);
  const [title, setTitle] = useState<LocalizedText>(page.title);
  const [body, setBody] = useState<LocalizedText>(page.body);
  const written = SUPPORTED_LOCALES.filter((one) => title[one] || body[one]);
  const [lang, setLang] = useState<Locale>(written.includes(locale) ? locale : (written[0] ?? locale));
  const refusal = useRefusalText(result?.refused ?? null, lang);
  // A new page opens as itself once saved, saying so.
  const savedNew = useSearchParams()[0].has("saved");
  const heading = page.id
    ? t("pages.editTitle", { title: page.title[locale] ?? page.title[written[0] ?? "en"] ?? page.slug })
    : t("pages.newTitle");
  return (
    <main className="mx-auto max-w-screen-md p-4">
      <Link to={`/${locale}/pages`} className="text-accent text-sm underline">
        {t("pages.back")}
      </Link>
      <PageTitle>{heading}</PageTitle>
      <h1 className="mt-1 font-semibold text-2xl">{heading}</h1>
      <Form method="post" className="mt-4 grid gap-4">
        <input type="hidden" name="draft" value={JSON.stringify({ slug, title, body, visible })} />
        <section className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-2">
          <div className="grid gap-1">
            <label htmlFor="slug" className="font-medium text-sm">
              {t("pages.slug")}
            </label>
            <input
              id="slug"
              value={slug}
              onChange={(event) => setSlug(event.target.value.toLowerCase())}
              required
              maxLength={64}
              dir="ltr"
              aria-describedby="slug-hint"
              aria-invalid={refusal !== null && result?.refused?.field === "slug" ? true : undefined}
              className={FIELD_CLASS}
            />
            <p id="slug-hint" className="text-ink-soft text-xs">
              {t("pages.slugHint", { slug: slug || "…" })}
            </p>
          </div>
          <label className="flex items-center gap-2 self-center font-medium text-sm">
            <input
              type="checkbox"
              checked={visible}
              onChange={(event) => setVisible(event.target.checked)}
              className="size-4"
            />
            {t("pages.visible")}
          </label>
          {page.id && page.visible ? (
            <a
              href={`/${locale}/cms/${page.slug}`}
              target="_blank"
              rel="noreferrer"
              className="text-accent text-sm underline sm:col-span-2"
            >
              {t("pages.view")}
            </a>
          ) : null}
        </section>
        <section className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line">
          <div className="grid gap-1 sm:max-w-xs">
            <label htmlFor="page-language" className="font-medium text-sm">
              {t("pages.language")}
            </label>
            <select
              id="page-language"
              value={lang}
              onChange={(event) => setLang(event.target.value as Locale)}
              className={FIELD_CLASS}
            >
              {SUPPORTED_LOCALES.map((one) => (
                <option key={one} value={one} lang={one}>
                  {written.includes(one)
                    ? t("pages.written", { language: LANGUAGE_NAMES[one] })
                    : LANGUAGE_NAMES[one]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <label htmlFor="page-title" className="font-medium text-sm">
              {t("pages.pageTitle")}
            </label>
            <input
              id="page-title"
              lang={lang}
              value={title[lang] ?? ""}
              onChange={(event) => setTitle({ ...title, [lang]: event.target.value })}
              maxLength={120}
              aria-invalid={
                refusal?.lang === lang && result?.refused?.field.startsWith("title") ? true : undefined
              }
              className={FIELD_CLASS}
            />
          </div>
          <div className="grid gap-1">
            <p id="page-body-label" className="font-medium text-sm">
              {t("pages.body")}
            </p>
            <Suspense fallback={<div className="h-72 animate-pulse rounded-lg bg-surface" />}>
              {/* One editor per language: choosing another shows that language's text. */}
              <RichTextEditor
                key={lang}
                id="page-body"
                label={t("pages.body")}
                lang={lang}
                value={body[lang] ?? ""}
                onChange={(html) => setBody((current) => ({ ...current, [lang]: html }))}
                invalid={refusal?.lang === lang && Boolean(result?.refused?.field.startsWith("body"))}
              />
            </Suspense>
          </div>
        </section>
        {refusal ? <Notice tone="bad">{refusal.text}</Notice> : null}
        {result?.saved || (savedNew && !result) ? <Notice tone="good">{t("pages.saved")}</Notice> : null}
        <SubmitButton busy={busy} wide={false}>
          {t("menus.save")}
        </SubmitButton>
      </Form>
    </main>
  );
}
