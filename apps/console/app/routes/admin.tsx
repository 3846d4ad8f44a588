import { type AdminPartner, adminFormSchema } from "@storefront/domain/contract";
import { adminEndpoints } from "@storefront/domain/endpoints";
import { Fragment } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AuthCard } from "../components/auth-card.tsx";
import { Field, Notice, SubmitButton } from "../components/form-parts.tsx";
import { NewCityFields } from "../components/new-city-fields.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { PartnerFirebaseRow } from "../components/partner-firebase.tsx";
import { PartnerPaymentsRow } from "../components/partner-payments.tsx";
import { PartnerPushRow } from "../components/partner-push.tsx";
import { adminApi, ConsoleApiError } from "../lib/api.ts";
import { changePartnerFirebase, type FirebaseAnswer } from "../lib/firebase-answer.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import { changePartnerPayments, type PaymentsAnswer } from "../lib/payments-answer.ts";
import { changePartnerPush, type PushAnswer } from "../lib/push-answer.ts";
import type { Route } from "./+types/admin";

/**
 * The super-admin's key lives in this tab only (sessionStorage): it opens every partner's door, so it
 * is not kept past the tab, and it is never sent as a cookie.
 */
const KEY_ITEM = "superAdminKey";
const keyOfTab = () => sessionStorage.getItem(KEY_ITEM);

export async function clientLoader() {
  const key = keyOfTab();
  if (!key) return { partners: null, payments: [], firebase: [], push: [], refused: false };
  try {
    const { partners } = await adminApi(adminEndpoints.partners(), key);
    // Each partner's card processor, phone sign-in and pushes, in the list's order: the partners of
    // a deployment are few.
    const [payments, firebase, push] = await Promise.all([
      Promise.all(partners.map((partner) => adminApi(adminEndpoints.partnerPayments(partner.code), key))),
      Promise.all(partners.map((partner) => adminApi(adminEndpoints.partnerFirebase(partner.code), key))),
      Promise.all(partners.map((partner) => adminApi(adminEndpoints.partnerPush(partner.code), key))),
    ]);
    return { partners, payments, firebase, push, refused: false };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 401) {
      sessionStorage.removeItem(KEY_ITEM);
      return { partners: null, payments: [], firebase: [], push: [], refused: true };
    }
    throw error;
  }
}

type Result =
  | { done: "created"; name: string; address: string }
  | { done: "status"; name: string; status: "ACTIVE" | "SUSPENDED" }
  | { done: "refused"; field: string; conflict: boolean }
  | PaymentsAnswer
  | FirebaseAnswer
  | PushAnswer
  | null;
type Refused = Extract<Result, { done: "refused" }>;

export async function clientAction({
  request,
}: Route.ClientActionArgs): Promise<Result | ReturnType<typeof refusedForm<Refused>>> {
  const parsed = parseForm(adminFormSchema, await request.formData());
  if (!parsed.ok)
    return refusedForm({ done: "refused", field: parsed.field, conflict: false }, parsed.errors);
  const asked = parsed.input;
  if (asked.intent === "key") {
    sessionStorage.setItem(KEY_ITEM, asked.key);
    return null;
  }
  if (asked.intent === "forget") {
    sessionStorage.removeItem(KEY_ITEM);
    return null;
  }
  const key = keyOfTab() ?? "";
  if (asked.intent === "own-stripe" || asked.intent === "deployment-payments")
    return changePartnerPayments(asked, key);
  if (asked.intent === "firebase-sign-in" || asked.intent === "sms-sign-in")
    return changePartnerFirebase(asked, key);
  if (asked.intent === "own-push" || asked.intent === "deployment-push") return changePartnerPush(asked, key);
  try {
    if (asked.intent === "status") {
      await adminApi(adminEndpoints.partnerStatus(asked.code), key, {
        body: { status: asked.status },
      });
      return { done: "status", name: asked.name, status: asked.status };
    }
    const made = await adminApi(adminEndpoints.addPartner(), key, { body: asked.partner });
    return { done: "created", name: made.name, address: made.address };
  } catch (error) {
    if (error instanceof ConsoleApiError && (error.status === 400 || error.status === 409)) {
      const field = String(error.body.details?.[0]?.field ?? "");
      // A number left empty or out of range is named by its place in the body: city.center.latitude.
      return {
        done: "refused",
        field: field.replace(/^city\.center\./, "city."),
        conflict: error.status === 409,
      };
    }
    throw error;
  }
}

/** The refusal in words: a taken code, host or e-mail, else the field to correct. */
function refusalOf(result: Refused): MessageKey {
  if (result.conflict)
    return result.field === "host"
      ? "admin.error.hostTaken"
      : result.field === "owner"
        ? "admin.error.ownerTaken"
        : "admin.error.codeTaken";
  return "admin.error.invalid";
}

function KeyForm({ refused }: { refused: boolean }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard>
      <PageTitle>{t("admin.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("admin.title")}</h1>
      <p className="mt-1 text-ink-soft text-sm">{t("admin.keyIntro")}</p>
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="intent" value="key" />
        <Field name="key" label={t("admin.key")} type="password" autoComplete="off" required minLength={32} />
        {refused ? <Notice tone="bad">{t("admin.keyRefused")}</Notice> : null}
        <SubmitButton busy={busy}>{t("admin.open")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

function PartnerRow({ partner }: { partner: AdminPartner }) {
  const t = useT();
  const suspended = partner.status === "SUSPENDED";
  const question = t(suspended ? "admin.resumeQuestion" : "admin.suspendQuestion", { name: partner.name });
  return (
    <tr className="border-line border-t align-top">
      <th scope="row" className="py-2 pe-3 text-start font-medium">
        {partner.name}
        <span className="block font-normal text-ink-soft text-xs" dir="ltr">
          {partner.code}
        </span>
      </th>
      <td className="py-2 pe-3">
        <a href={partner.address} className="text-accent underline" dir="ltr">
          {partner.address.replace(/^https?:\/\//, "")}
        </a>
      </td>
      <td className="py-2 pe-3 tabular-nums">{partner.cities}</td>
      <td className="py-2 pe-3 tabular-nums">{partner.vendors}</td>
      <td className="py-2 pe-3">
        <span
          className={`rounded-full px-2 py-0.5 text-xs ${suspended ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}`}
        >
          {t(suspended ? "admin.status.SUSPENDED" : "admin.status.ACTIVE")}
        </span>
      </td>
      <td className="py-2">
        <Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm(question)) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="code" value={partner.code} />
          <input type="hidden" name="name" value={partner.name} />
          <input type="hidden" name="status" value={suspended ? "ACTIVE" : "SUSPENDED"} />
          <button
            type="submit"
            aria-label={t(suspended ? "admin.resumeOf" : "admin.suspendOf", { name: partner.name })}
            className="rounded-lg border border-line bg-white px-3 py-1.5 text-sm"
          >
            {t(suspended ? "admin.resume" : "admin.suspend")}
          </button>
        </Form>
      </td>
    </tr>
  );
}

function NewPartnerForm({ failed }: { failed: Refused | null }) {
  const t = useT();
  const refused = failed?.field ?? null;
  const field = { refused, plainLabel: true };
  const busy = useNavigation().state !== "idle";
  const section = "grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-2";
  return (
    <Form method="post" className="grid gap-4" aria-labelledby="new-partner">
      <input type="hidden" name="intent" value="create" />
      <h2 id="new-partner" className="font-semibold text-xl">
        {t("admin.new")}
      </h2>
      <p className="text-ink-soft text-sm">{t("admin.newIntro")}</p>
      <section className={section} aria-label={t("admin.brand")}>
        <Field {...field} name="name" label={t("admin.name")} required maxLength={80} />
        <Field
          {...field}
          name="code"
          label={t("admin.code")}
          required
          dir="ltr"
          pattern="[a-z0-9][a-z0-9\-]{1,62}"
          hint={t("admin.codeHint")}
        />
        <Field
          {...field}
          name="host"
          label={t("admin.host")}
          required
          dir="ltr"
          placeholder="shop.example"
          hint={t("admin.hostHint")}
        />
        <Field
          {...field}
          name="brandColour"
          label={t("brand.colour")}
          type="color"
          defaultValue="#0f766e"
          className="h-11 w-24 cursor-pointer rounded-lg border border-line bg-white p-1"
        />
        <Field
          {...field}
          name="supportEmail"
          label={t("brand.supportEmail")}
          type="email"
          required
          dir="ltr"
        />
        <Field
          {...field}
          name="supportPhone"
          label={t("brand.supportPhone")}
          type="tel"
          required
          dir="ltr"
          placeholder="+37120000000"
        />
      </section>
      <section className={section} aria-labelledby="new-city">
        <h3 id="new-city" className="font-semibold sm:col-span-2">
          {t("admin.city")}
        </h3>
        <NewCityFields refused={refused} />
      </section>
      <section className={section} aria-labelledby="new-owner">
        <h3 id="new-owner" className="font-semibold sm:col-span-2">
          {t("admin.owner")}
        </h3>
        <Field {...field} name="owner.name" label={t("admin.ownerName")} required maxLength={80} />
        <Field
          {...field}
          name="owner.email"
          label={t("admin.ownerEmail")}
          refused={refused === "owner" ? "owner.email" : refused}
          type="email"
          required
          dir="ltr"
          hint={t("admin.ownerHint")}
        />
      </section>
      {failed ? <Notice tone="bad">{t(refusalOf(failed))}</Notice> : null}
      <SubmitButton busy={busy} wide={false}>
        {t("admin.create")}
      </SubmitButton>
    </Form>
  );
}

/**
 * The deployment operator's page: every partner with its state, suspension, card processor and
 * customers' phone sign-in, and onboarding.
 */
export default function Admin() {
  const t = useT();
  const { partners, payments, firebase, push, refused } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  if (!partners) return <KeyForm refused={refused} />;
  const failed = result?.done === "refused" ? result : null;
  const paymentsAnswer = result?.done === "payments" || result?.done === "payments-refused" ? result : null;
  const firebaseAnswer = result?.done === "firebase" || result?.done === "firebase-refused" ? result : null;
  const pushAnswer = result?.done === "push" || result?.done === "push-refused" ? result : null;
  return (
    <main className="mx-auto grid max-w-screen-md gap-6 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{t("admin.title")}</PageTitle>
        <h1 className="font-semibold text-2xl">{t("admin.title")}</h1>
        <Form method="post">
          <input type="hidden" name="intent" value="forget" />
          <button type="submit" className="rounded-lg border border-line bg-white px-3 py-1.5 text-sm">
            {t("admin.close")}
          </button>
        </Form>
      </div>
      {result?.done === "created" ? (
        <Notice tone="good">
          {t("admin.created", { name: result.name })}{" "}
          <a href={result.address} className="underline" dir="ltr">
            {result.address}
          </a>
        </Notice>
      ) : null}
      {result?.done === "status" ? (
        <Notice tone="good">
          {t(result.status === "SUSPENDED" ? "admin.suspended" : "admin.resumed", { name: result.name })}
        </Notice>
      ) : null}
      <section
        aria-labelledby="partners"
        className="overflow-x-auto rounded-2xl bg-white p-4 ring-1 ring-line"
      >
        <h2 id="partners" className="sr-only">
          {t("admin.partners")}
        </h2>
        <table className="w-full text-sm">
          <thead className="text-ink-soft">
            <tr>
              <th scope="col" className="pb-2 text-start font-normal">
                {t("admin.partner")}
              </th>
              <th scope="col" className="pb-2 text-start font-normal">
                {t("admin.address")}
              </th>
              <th scope="col" className="pb-2 text-start font-normal">
                {t("admin.cities")}
              </th>
              <th scope="col" className="pb-2 text-start font-normal">
                {t("admin.vendors")}
              </th>
              <th scope="col" className="pb-2 text-start font-normal">
                {t("admin.state")}
              </th>
              <th scope="col" className="pb-2 text-start font-normal">
                <span className="sr-only">{t("admin.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {partners.map((partner, index) => (
              <Fragment key={partner.code}>
                <PartnerRow partner={partner} />
                <PartnerPaymentsRow partner={partner} payments={payments[index]} answer={paymentsAnswer} />
                <PartnerFirebaseRow partner={partner} firebase={firebase[index]} answer={firebaseAnswer} />
                <PartnerPushRow partner={partner} push={push[index]} answer={pushAnswer} />
              </Fragment>
            ))}
          </tbody>
        </table>
      </section>
      {/* A new form once a partner is made, so the next one starts blank. */}
      <NewPartnerForm key={result?.done === "created" ? result.address : "new"} failed={failed} />
    </main>
  );
}
