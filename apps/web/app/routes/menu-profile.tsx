import { endpoints } from "@storefront/domain/endpoints";
import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { Ltr } from "../components/ltr.tsx";
import { Snackbar } from "../components/snackbar.tsx";
import { StateButton, useButtonState } from "../components/state-button.tsx";
import { titleFrom } from "../components/titled.ts";
import { clientSend } from "../lib/api.client.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { displayPhone } from "../lib/phone.server.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { loadCurrentUser, visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-profile";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [t, user] = await Promise.all([serverTranslator(visitor.locale), loadCurrentUser(visitor)]);
  return { title: t("title.profile"), phone: displayPhone(user?.phone ?? "") };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** Why the server refused a field, read out as it shows; the field points to it (aria-describedby). */
function Refusal({ id, text }: { id: string; text: string }) {
  return (
    <span id={id} role="alert" className="text-sm text-red-700">
      {text}
    </span>
  );
}

/** Personal info: name, e-mail and birth date; the phone is the sign-in and shows as it is. */
export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const { client, user, customerPrefill } = useStorefront();
  const [saveState, setSaveState] = useButtonState();
  // The fields the server refused, each said under its field.
  const [refused, setRefused] = useState<{ email?: boolean; birthDate?: boolean }>({});
  const [toast, setToast] = useState<string | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  if (!user) return null;

  const field = "min-h-12 w-full rounded-2xl border border-line bg-white px-4 focus:border-brand";
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("menu.profile")}</h1>
      <form
        className="mt-5 grid max-w-lg gap-4"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const name = String(form.get("name") ?? "").trim();
          const email = String(form.get("email") ?? "").trim();
          const birthDate = String(form.get("birthDate") ?? "");
          setSaveState("loading");
          const sent = await clientSend(client, endpoints.customer.update(), locale, {
            ...(name ? { name } : {}),
            email: email || null,
            birthDate: birthDate || null,
          });
          setSaveState(sent.ok ? "complete" : "ready");
          const fields = new Set(sent.ok ? [] : sent.error?.details?.map((detail) => detail.field));
          const now = { email: fields.has("email"), birthDate: fields.has("birthDate") };
          setRefused(now);
          // A refusal of another kind, or a failure, is said in a toast.
          if (!sent.ok) {
            if (!now.email && !now.birthDate) setToast(t("auth.toast.oops"));
            return;
          }
          await revalidator.revalidate();
        }}
      >
        <label className="grid gap-1.5">
          <span className="font-medium">{t("profile.name")}</span>
          <input
            name="name"
            defaultValue={user.name ?? customerPrefill?.name ?? ""}
            maxLength={100}
            autoComplete="name"
            dir="auto"
            className={`${field} text-match-parent`}
          />
        </label>
        <div className="grid gap-1.5">
          <span className="font-medium">{t("profile.phone")}</span>
          <p className="min-h-12 content-center rounded-2xl bg-surface px-4 text-ink-soft">
            <Ltr>{loaderData.phone}</Ltr>
          </p>
        </div>
        <label className="grid gap-1.5">
          <span className="font-medium">{t("profile.email")}</span>
          <input
            name="email"
            type="email"
            defaultValue={user.email ?? customerPrefill?.email ?? ""}
            autoComplete="email"
            aria-invalid={refused.email || undefined}
            aria-describedby={refused.email ? "email-error" : undefined}
            className={field}
          />
          {refused.email && <Refusal id="email-error" text={t("profile.email.invalid")} />}
        </label>
        <label className="grid gap-1.5">
          <span className="font-medium">{t("profile.birthDate")}</span>
          <input
            name="birthDate"
            type="date"
            defaultValue={user.birthDate ?? ""}
            aria-invalid={refused.birthDate || undefined}
            aria-describedby={refused.birthDate ? "birth-date-error" : undefined}
            className={field}
          />
          {refused.birthDate && <Refusal id="birth-date-error" text={t("profile.birthDate.invalid")} />}
        </label>
        <StateButton
          type="submit"
          state={saveState}
          className="min-h-12 rounded-full bg-brand font-medium text-brand-ink"
        >
          {t("profile.save")}
        </StateButton>
      </form>
      <Snackbar message={toast} onClose={closeToast} />
    </section>
  );
}
