import { useFetcher } from "react-router";
import { useT } from "../../lib/i18n.ts";
import type { clientAction } from "../../routes/cities.tsx";
import { Notice, SubmitButton } from "../form-parts.tsx";
import { NewCityFields } from "../new-city-fields.tsx";

/** A new city: its name, code, language, time zone, currency, country, centre and first zone's radius. */
export function AddCity() {
  const t = useT();
  const fetcher = useFetcher<typeof clientAction>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const refused = result && !result.saved ? result.field : null;
  return (
    <details className="rounded-2xl bg-white p-4 ring-1 ring-line">
      <summary className="cursor-pointer font-semibold">{t("cities.add")}</summary>
      <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="add-city" />
        <NewCityFields refused={refused} />
        {refused ? (
          <div className="sm:col-span-2">
            <Notice tone="bad">
              {t(result?.refusal === "CITY_EXISTS" ? "cities.error.exists" : "cities.error.invalid")}
            </Notice>
          </div>
        ) : null}
        <SubmitButton busy={fetcher.state !== "idle"} wide={false}>
          {t("cities.addSubmit")}
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}
