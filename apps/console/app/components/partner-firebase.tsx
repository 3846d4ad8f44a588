import type { AdminPartner, PartnerFirebase } from "@storefront/domain/contract";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { FirebaseAnswer, FirebaseField, FirebaseProblem } from "../lib/firebase-answer.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import { Field, Notice } from "./form-parts.tsx";
import { PartnerBackForm } from "./partner-back-form.tsx";

const PROBLEMS: Record<FirebaseProblem, MessageKey> = {
  projectId: "admin.firebase.error.projectId",
  apiKey: "admin.firebase.error.apiKey",
  authDomain: "admin.firebase.error.authDomain",
  cities: "admin.firebase.error.cities",
  unknownPartner: "admin.firebase.error.unknownPartner",
  failed: "admin.firebase.error.failed",
};

type Refused = Extract<FirebaseAnswer, { done: "firebase-refused" }>;

/** The partner's customers' phone sign-in, on a row of its own under its card payments' row. */
export function PartnerFirebaseRow(props: {
  partner: AdminPartner;
  firebase: PartnerFirebase | undefined;
  answer: FirebaseAnswer | null;
}) {
  const { firebase } = props;
  if (!firebase) return null;
  return (
    <tr>
      <td colSpan={6} className="pb-3">
        <PartnerFirebasePart {...props} firebase={firebase} />
      </td>
    </tr>
  );
}

/**
 * How a partner's customers sign in on the operator's page: the API's own SMS codes everywhere, or
 * its Firebase project in the cities marked; the form setting the project and its cities, and the
 * way back to SMS codes. `answer` is the last answer of these forms, whichever partner it was for.
 */
function PartnerFirebasePart({
  partner,
  firebase,
  answer,
}: {
  partner: AdminPartner;
  firebase: PartnerFirebase;
  answer: FirebaseAnswer | null;
}) {
  const t = useT();
  const mine = answer?.code === partner.code ? answer : null;
  const project = firebase.firebase;
  return (
    <section
      aria-label={t("admin.firebase.of", { name: partner.name })}
      className="grid gap-2 rounded-xl bg-surface p-3 text-sm"
    >
      <h3 className="font-semibold">{t("admin.firebase.title")}</h3>
      {project ? (
        <>
          <p>{t("admin.firebase.project", { projectId: project.projectId })}</p>
          <ul className="grid gap-0.5 text-ink-soft">
            {firebase.cities.map((city) => (
              <li key={city.localityCode}>
                {t(
                  city.signIn === "FIREBASE" ? "admin.firebase.cityFirebase" : "admin.firebase.cityInternal",
                  {
                    city: city.name,
                  },
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t("admin.firebase.internal")}</p>
      )}
      {mine?.done === "firebase" ? (
        <Notice tone="good">
          {t(mine.signIn === "FIREBASE" ? "admin.firebase.saved" : "admin.firebase.removed", {
            name: mine.name,
          })}
        </Notice>
      ) : null}
      {/* Made again from the saved setting once it changes, so that the inputs show it. */}
      <FirebaseForm
        key={JSON.stringify(firebase)}
        partner={partner}
        firebase={firebase}
        refused={mine?.done === "firebase-refused" ? mine : null}
      />
      {project ? (
        <PartnerBackForm
          partner={partner}
          intent="sms-sign-in"
          question={t("admin.firebase.useSmsQuestion", { name: partner.name })}
          label={t("admin.firebase.useSms")}
        />
      ) : null}
    </section>
  );
}

/**
 * The project's web app settings and the cities that use it, filled with the saved ones. The Web API
 * key is no secret (the storefront gives it to every browser of those cities): a plain text field.
 */
function FirebaseForm({
  partner,
  firebase,
  refused,
}: {
  partner: AdminPartner;
  firebase: PartnerFirebase;
  refused: Refused | null;
}) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const idOf = (field: FirebaseField) => `${partner.code}-firebase-${field}`;
  const problem = refused ? t(PROBLEMS[refused.problem]) : null;
  const errorOf = (field: FirebaseField) => (refused?.field === field ? `${idOf(field)}-error` : "");
  const errorBeside = (field: FirebaseField): ReactNode =>
    refused?.field === field ? (
      <p id={errorOf(field)} role="alert" className="text-red-800 text-sm">
        {problem}
      </p>
    ) : null;
  const textField = (
    field: Exclude<FirebaseField, "cities">,
    label: MessageKey,
    hint: MessageKey,
    pattern: string,
  ) => (
    <div className="grid gap-1">
      <Field
        name={field}
        id={idOf(field)}
        label={t(label)}
        hint={t(hint)}
        refused={refused?.field ?? null}
        defaultValue={firebase.firebase?.[field] ?? ""}
        autoComplete="off"
        spellCheck={false}
        required
        pattern={pattern}
        dir="ltr"
        aria-describedby={`${idOf(field)}-hint ${errorOf(field)}`.trim()}
        plainLabel
      />
      {errorBeside(field)}
    </div>
  );
  return (
    <details open={refused ? true : undefined} className="rounded-lg bg-white p-3 ring-1 ring-line">
      <summary className="cursor-pointer font-medium">{t("admin.firebase.set")}</summary>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="firebase-sign-in" />
        <input type="hidden" name="code" value={partner.code} />
        <input type="hidden" name="name" value={partner.name} />
        {textField(
          "projectId",
          "admin.firebase.projectId",
          "admin.firebase.projectIdHint",
          "[a-z][a-z0-9\\-]{4,29}",
        )}
        {textField("apiKey", "admin.firebase.apiKey", "admin.firebase.apiKeyHint", "[\\w\\-]{20,100}")}
        {textField(
          "authDomain",
          "admin.firebase.authDomain",
          "admin.firebase.authDomainHint",
          "[a-z0-9.\\-]+\\.[a-z]{2,}",
        )}
        <fieldset
          className="grid content-start gap-1 sm:col-span-2"
          aria-describedby={errorOf("cities") || undefined}
        >
          <legend className="mb-1 text-sm">{t("admin.firebase.cities")}</legend>
          {firebase.cities.map((city) => (
            <label key={city.localityCode} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="cities"
                value={city.localityCode}
                defaultChecked={city.signIn === "FIREBASE"}
                aria-invalid={refused?.field === "cities" || undefined}
                className="size-4"
              />
              {city.name}
            </label>
          ))}
          <p className="text-ink-soft text-xs">{t("admin.firebase.citiesHint")}</p>
          {errorBeside("cities")}
        </fieldset>
        {refused && refused.field === null ? (
          <div className="sm:col-span-2">
            <Notice tone="bad">{problem}</Notice>
          </div>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="justify-self-start rounded-lg bg-accent px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {t("admin.firebase.save")}
        </button>
      </Form>
    </details>
  );
}
