import type { AdminPartner, PartnerFirebase } from "@storefront/domain/contract";
import type { FirebaseAnswer, FirebaseField } from "../lib/firebase-answer.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import { Notice } from "./form-parts.tsx";
import { PartnerBackForm } from "./partner-back-form.tsx";
import {
  PartnerSettingForm,
  PartnerSettingRow,
  RefusalBeside,
  SettingField,
  type ToldRefusal,
  useToldRefusal,
} from "./partner-setting.tsx";

const PROBLEMS: Record<FirebaseField, MessageKey> = {
  projectId: "admin.firebase.error.projectId",
  apiKey: "admin.firebase.error.apiKey",
  authDomain: "admin.firebase.error.authDomain",
  cities: "admin.firebase.error.cities",
};

/**
 * How a partner's customers sign in on the operator's page: the API's own SMS codes everywhere, or
 * its Firebase project in the cities marked; the form setting the project and its cities, and the
 * way back to SMS codes. `answer` is the last answer of these forms, whichever partner it was for.
 */
export function PartnerFirebaseRow({
  partner,
  firebase,
  answer,
}: {
  partner: AdminPartner;
  firebase: PartnerFirebase | undefined;
  answer: FirebaseAnswer | null;
}) {
  const t = useT();
  const mine = answer?.code === partner.code ? answer : null;
  const refusal = useToldRefusal(mine?.done === "firebase-refused" ? mine : null, PROBLEMS);
  if (!firebase) return null;
  const project = firebase.firebase;
  return (
    <PartnerSettingRow
      label={t("admin.firebase.of", { name: partner.name })}
      title={t("admin.firebase.title")}
    >
      {project ? (
        <>
          <p>{t("admin.firebase.project", { projectId: project.projectId })}</p>
          <ul className="grid gap-0.5 text-ink-soft">
            {firebase.cities.map((city) => (
              <li key={city.localityCode}>
                {t(
                  city.signIn === "FIREBASE" ? "admin.firebase.cityFirebase" : "admin.firebase.cityInternal",
                  { city: city.name },
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
      <FirebaseForm key={JSON.stringify(firebase)} partner={partner} firebase={firebase} refusal={refusal} />
      {project ? (
        <PartnerBackForm
          partner={partner}
          intent="sms-sign-in"
          question={t("admin.firebase.useSmsQuestion", { name: partner.name })}
          label={t("admin.firebase.useSms")}
        />
      ) : null}
    </PartnerSettingRow>
  );
}

/**
 * The project's web app settings and the cities that use it, filled with the saved ones. The Web API
 * key is no secret (the storefront gives it to every browser of those cities): a plain text field.
 */
function FirebaseForm({
  partner,
  firebase,
  refusal,
}: {
  partner: AdminPartner;
  firebase: PartnerFirebase;
  refusal: ToldRefusal | null;
}) {
  const t = useT();
  const idOf = (field: FirebaseField) => `${partner.code}-firebase-${field}`;
  const textField = (
    field: Exclude<FirebaseField, "cities">,
    label: MessageKey,
    hint: MessageKey,
    pattern: string,
  ) => (
    <SettingField
      id={idOf(field)}
      name={field}
      label={t(label)}
      hint={t(hint)}
      refusal={refusal}
      defaultValue={firebase.firebase?.[field] ?? ""}
      pattern={pattern}
    />
  );
  const citiesRefused = refusal?.field === "cities";
  return (
    <PartnerSettingForm
      partner={partner}
      intent="firebase-sign-in"
      summary={t("admin.firebase.set")}
      save={t("admin.firebase.save")}
      refusal={refusal}
    >
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
        aria-describedby={citiesRefused ? `${idOf("cities")}-error` : undefined}
      >
        <legend className="mb-1 text-sm">{t("admin.firebase.cities")}</legend>
        {firebase.cities.map((city) => (
          <label key={city.localityCode} className="flex items-center gap-2">
            <input
              type="checkbox"
              name="cities"
              value={city.localityCode}
              defaultChecked={city.signIn === "FIREBASE"}
              aria-invalid={citiesRefused || undefined}
              className="size-4"
            />
            {city.name}
          </label>
        ))}
        <p className="text-ink-soft text-xs">{t("admin.firebase.citiesHint")}</p>
        <RefusalBeside id={idOf("cities")} field="cities" refusal={refusal} />
      </fieldset>
    </PartnerSettingForm>
  );
}
