import { formatDateTime, formatMoney } from "@storefront/domain";
import { type ConsolePromoCode, promoCodeFormSchema, type StaffMember } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import {
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useOutletContext,
  useSearchParams,
} from "react-router";
import { CitySelect, Notice } from "../components/form-parts.tsx";
import { Ltr } from "../components/ltr.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { instantOfInput, PromoCodeForm } from "../components/promo-code-form.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { useCityClock } from "../lib/city-clock.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/promo-codes";

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const locality = new URL(request.url).searchParams.get("locality");
  try {
    const [{ promoCodes }, { localities }] = await Promise.all([
      consoleApi(consoleEndpoints.promoCodes(locality)),
      consoleApi(consoleEndpoints.localities()),
    ]);
    return { promoCodes, localities };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** The API's refusals, by the field they name, as the manager reads them. */
const FIELD_ERRORS: Record<string, MessageKey> = {
  code: "promo.error.code",
  value: "promo.error.value",
  maxDiscount: "promo.error.maxDiscount",
  minCartTotal: "promo.error.amount",
  validUntil: "promo.error.validity",
  validFrom: "promo.error.validity",
  maxUses: "promo.error.uses",
  maxUsesPerCustomer: "promo.error.uses",
  vendorId: "promo.error.vendor",
};

/** Creates a code or changes one, from the same form; the API checks the terms as a whole. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const parsed = parseForm(promoCodeFormSchema, await request.formData());
  if (!parsed.ok)
    return refusedForm(
      {
        saved: null,
        error: FIELD_ERRORS[parsed.field.split(".")[0] ?? ""] ?? ("promo.error.invalid" as const),
      },
      parsed.errors,
    );
  const asked = parsed.input;
  const timeZone = asked.timeZone || "UTC";
  const terms = {
    type: asked.type,
    value: asked.value,
    minCartTotal: asked.minCartTotal,
    maxDiscount: asked.type === "PERCENT" ? asked.maxDiscount : null,
    validFrom: instantOfInput(asked.validFrom, timeZone),
    validUntil: instantOfInput(asked.validUntil, timeZone),
    maxUses: asked.maxUses,
    maxUsesPerCustomer: asked.maxUsesPerCustomer,
    vendorId: asked.vendorId,
    description: { [params.locale]: asked.description },
  };
  try {
    const saved =
      asked.intent === "create"
        ? await consoleApi(consoleEndpoints.addPromoCode(), {
            body: { code: asked.code, localityCode: asked.localityCode, ...terms },
          })
        : await consoleApi(consoleEndpoints.changePromoCode(asked.id), { body: terms });
    return { saved: saved.code, error: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && (error.status === 400 || error.status === 409))
      return {
        saved: null,
        error:
          error.status === 409
            ? ("promo.error.taken" as const)
            : (FIELD_ERRORS[(error.body.details?.[0]?.field ?? "").split(".")[0] ?? ""] ??
              ("promo.error.invalid" as const)),
      };
    return signInRedirect(error, params.locale, request);
  }
}

type PromoState = "active" | "scheduled" | "ended" | "usedUp";

function stateOf(promo: ConsolePromoCode, now: number): PromoState {
  if (promo.validUntil && Date.parse(promo.validUntil) < now) return "ended";
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) return "usedUp";
  if (promo.validFrom && Date.parse(promo.validFrom) > now) return "scheduled";
  return "active";
}

const STATE_STYLE: Record<PromoState, string> = {
  active: "bg-emerald-50 text-emerald-900",
  scheduled: "bg-amber-50 text-amber-900",
  ended: "bg-surface text-ink-soft",
  usedUp: "bg-surface text-ink-soft",
};

/** What a code takes off, in words: "5,00 € off", "10% off, up to 7,50 €", "Free delivery". */
function useDiscountText() {
  const t = useT();
  const locale = useLocale();
  return (promo: ConsolePromoCode) => {
    const money = (amount: number) => formatMoney(amount, promo.currencyCode, locale);
    switch (promo.type) {
      case "FIXED":
        return t("promo.fixedOff", { amount: money(promo.value) });
      case "PERCENT":
        return promo.maxDiscount === null
          ? t("promo.percentOffText", { percent: promo.value })
          : t("promo.percentOffCapped", { percent: promo.value, amount: money(promo.maxDiscount) });
      case "FREE_DELIVERY":
        return t("promo.type.FREE_DELIVERY");
    }
  };
}

function PromoRow({ promo, now, cityName }: { promo: ConsolePromoCode; now: number; cityName: string }) {
  const t = useT();
  const locale = useLocale();
  // The row names its city already.
  const clock = useCityClock()(promo.localityCode, "unnamed");
  const discount = useDiscountText();
  const state = stateOf(promo, now);
  const [search] = useSearchParams();
  const edit = new URLSearchParams(search);
  edit.set("edit", String(promo.id));
  return (
    <li className="grid gap-2 rounded-xl bg-white p-3 text-sm ring-1 ring-line sm:grid-cols-[1fr_auto]">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <Ltr className="font-mono font-semibold text-base">{promo.code}</Ltr>
          <span className={`rounded-full px-2 py-0.5 text-xs ${STATE_STYLE[state]}`}>
            {t(`promo.state.${state}`)}
          </span>
          <span>{discount(promo)}</span>
        </p>
        <p className="text-ink-soft">
          {cityName} · {promo.vendor ? promo.vendor.name : t("promo.anyVendor")}
          {promo.minCartTotal > 0
            ? ` · ${t("promo.fromOrder", { amount: formatMoney(promo.minCartTotal, promo.currencyCode, locale) })}`
            : ""}
        </p>
        <p className="text-ink-soft">
          {promo.validFrom || promo.validUntil
            ? t("promo.validity", {
                from: promo.validFrom ? formatDateTime(promo.validFrom, clock) : "…",
                until: promo.validUntil ? formatDateTime(promo.validUntil, clock) : "…",
              })
            : t("promo.always")}
        </p>
        <p>
          {promo.maxUses === null
            ? t("promo.usesUnlimited", { uses: promo.uses })
            : t("promo.usesOf", { uses: promo.uses, max: promo.maxUses })}{" "}
          · {t("promo.customers", { count: promo.customers })}
          {promo.maxUsesPerCustomer === null
            ? ""
            : ` · ${t("promo.perCustomer", { count: promo.maxUsesPerCustomer })}`}
        </p>
      </div>
      <Link
        to={`?${edit}`}
        aria-label={t("promo.editTitle", { code: promo.code })}
        className="self-start rounded-lg border border-line px-3 py-1.5"
      >
        {t("promo.edit")}
      </Link>
    </li>
  );
}

export default function PromoCodes() {
  const t = useT();
  const member = useOutletContext<StaffMember>();
  const { promoCodes, localities } = useLoaderData<typeof clientLoader>();
  const cityName = (code: string) => localities.find((locality) => locality.code === code)?.name ?? code;
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const [search, setSearch] = useSearchParams();
  const editing = promoCodes.find((promo) => String(promo.id) === search.get("edit")) ?? null;
  const now = Date.now();
  return (
    <main className="mx-auto grid max-w-screen-lg gap-6 p-4">
      <PageTitle>{t("promo.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("promo.title")}</h1>
      {result?.saved ? <Notice tone="good">{t("promo.saved", { code: result.saved })}</Notice> : null}
      <PromoCodeForm
        // A new code saved: the form starts empty for the next one.
        key={editing ? `edit-${editing.id}` : `new-${result?.saved ?? ""}`}
        member={member}
        localities={localities}
        editing={editing}
        busy={busy}
        error={result?.error ? t(result.error) : null}
      />
      <section aria-labelledby="promo-list" className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="promo-list" className="font-semibold text-lg">
            {t("promo.listTitle")}
          </h2>
          <CitySelect
            label={t("promo.locality")}
            cities={localities}
            value={search.get("locality") ?? ""}
            allLabel={t("promo.allLocalities")}
            className=""
            onChange={(code) => {
              const next = new URLSearchParams(search);
              if (code) next.set("locality", code);
              else next.delete("locality");
              setSearch(next);
            }}
          />
        </div>
        {promoCodes.length === 0 ? (
          <p className="rounded-xl bg-white p-8 text-center text-ink-soft ring-1 ring-line">
            {t("promo.empty")}
          </p>
        ) : (
          <ul className="grid gap-2" aria-labelledby="promo-list">
            {promoCodes.map((promo) => (
              <PromoRow key={promo.id} promo={promo} now={now} cityName={cityName(promo.localityCode)} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
