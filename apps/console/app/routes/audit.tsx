import { dateTimeFormat, formatDateTime, LANGUAGE_NAMES, type Locale, WEEK_DAYS } from "@storefront/domain";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { Link, useLoaderData } from "react-router";
import { PageTitle } from "../components/page-title.tsx";
import { consoleApi, signInRedirect } from "../lib/api.ts";
import { useCityClock } from "../lib/city-clock.ts";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/audit";

interface AuditEntry {
  id: number;
  at: string;
  staffName: string;
  action: string;
  entity: string;
  entityId: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const PAGE = 50;

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const before = new URL(request.url).searchParams.get("before");
  try {
    const { entries } = await consoleApi(consoleEndpoints.audit<AuditEntry>(PAGE, before));
    return { entries };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** Fields an entry keeps for the record that say nothing the owner asked for. */
const UNSHOWN_FIELDS = new Set(["id", "uses", "customers"]);

/** A changed field as the owner reads it: its name, and its value in words. */
function useChange() {
  const t = useT();
  // A promo code's validity, as its entry keeps it, on the member's first city's clock.
  const clock = useCityClock()();
  const weekday = dateTimeFormat(useLocale(), { weekday: "short", timeZone: "UTC" });
  const dayName = (day: string) =>
    weekday.format(new Date(Date.UTC(2024, 0, 1 + WEEK_DAYS.indexOf(day as (typeof WEEK_DAYS)[number]))));
  const value = (field: string, raw: unknown): string => {
    if (raw === null || raw === undefined || raw === "") return "—";
    if (typeof raw === "boolean") return raw ? t("audit.yes") : t("audit.no");
    if (field === "status") return t(`status.${raw}` as MessageKey);
    if (field === "role") return t(`role.${raw}` as MessageKey);
    if (field === "type") return t(`promo.type.${raw}` as MessageKey);
    if (field === "lang") return LANGUAGE_NAMES[raw as Locale] ?? String(raw);
    if (field === "paymentTypes" && Array.isArray(raw))
      return raw.map((type) => t(`payment.${type}` as MessageKey)).join(", ");
    if (field === "tips" && typeof raw === "object") {
      const tips = raw as { enabled: boolean; max: number; values: number[] };
      return tips.enabled ? `≤ ${tips.max}: ${tips.values.join(", ")}` : t("audit.no");
    }
    if (field === "links" && typeof raw === "object") {
      const { socialNetworks, ...pages } = raw as { socialNetworks?: Record<string, unknown> };
      return (
        [...Object.values(pages), ...Object.values(socialNetworks ?? {})].filter(Boolean).join(", ") || "—"
      );
    }
    if (field === "referral" && typeof raw === "object")
      return (raw as { enabled: boolean }).enabled ? t("audit.yes") : t("audit.no");
    if (field === "delivery" && typeof raw === "object") {
      const delivery = raw as { includedKm: number; perKm: number; step: number };
      return `${delivery.includedKm} km + ${delivery.perKm}/km (${delivery.step})`;
    }
    if (field === "receiptTypes" && Array.isArray(raw))
      return raw.map((type) => t(`receipt.${type}` as MessageKey)).join(", ");
    if ((field === "validFrom" || field === "validUntil") && typeof raw === "string")
      return formatDateTime(raw, clock);
    if (field === "workingHours" && Array.isArray(raw))
      return raw.length === 0
        ? t("vendor.closed")
        : (raw as Array<{ day: string; from: string; until: string }>)
            .map((span) => `${dayName(span.day)} ${span.from}–${span.until}`)
            .join(", ");
    if (field === "zone" && Array.isArray(raw)) return t("zones.corners", { count: raw.length });
    if (field === "tags" && Array.isArray(raw))
      return raw.map((tag) => t(`tag.${tag}` as MessageKey)).join(", ");
    if (field === "weightUnit") return t(`menuEditor.unit.${raw}` as MessageKey);
    if (field === "attributes" && Array.isArray(raw)) return raw.length ? t("audit.yes") : t("audit.no");
    if (field === "sectionId") return `#${raw}`;
    if (field === "optionGroups" && Array.isArray(raw))
      return raw.length === 0
        ? "—"
        : (raw as Array<{ name: Record<string, string>; options: unknown[] }>)
            .map((group) => `${Object.values(group.name)[0] ?? ""} (${group.options.length})`)
            .join(", ");
    if (field === "sections" && Array.isArray(raw))
      return (raw as Array<{ id: number; productIds: number[] }>)
        .map((section) => `#${section.id} (${section.productIds.length})`)
        .join(", ");
    if (field === "closures" && Array.isArray(raw))
      return raw.length === 0
        ? t("vendor.noClosures")
        : (raw as Array<{ from: string; until: string }>)
            .map((closure) => `${closure.from.replace("T", " ")} – ${closure.until.replace("T", " ")}`)
            .join(", ");
    if (Array.isArray(raw)) return raw.join(", ");
    if (typeof raw === "object") {
      const named = raw as { name?: unknown };
      return typeof named.name === "string" ? named.name : Object.values(raw).join(" / ");
    }
    return String(raw);
  };
  return (field: string, before: unknown, after: unknown) =>
    `${t(`audit.field.${field}` as MessageKey)}: ${value(field, before)} → ${value(field, after)}`;
}

export default function Audit() {
  const t = useT();
  const clock = useCityClock()();
  const change = useChange();
  const { entries } = useLoaderData<typeof clientLoader>();
  const last = entries.at(-1);
  return (
    <main className="mx-auto max-w-screen-lg p-4">
      <PageTitle>{t("audit.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("audit.title")}</h1>
      <p className="mt-1 text-ink-soft text-sm">{t("audit.intro")}</p>
      {entries.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-8 text-center text-ink-soft ring-1 ring-line">
          {t("audit.empty")}
        </p>
      ) : (
        <ol className="mt-4 grid gap-2">
          {entries.map((entry) => {
            const fields = Object.keys(entry.after ?? {}).filter(
              (field) =>
                !UNSHOWN_FIELDS.has(field) &&
                JSON.stringify(entry.before?.[field]) !== JSON.stringify(entry.after?.[field]),
            );
            return (
              <li key={entry.id} className="rounded-xl bg-white p-3 text-sm ring-1 ring-line">
                <p>
                  <span className="text-ink-soft tabular-nums">{formatDateTime(entry.at, clock)}</span> ·{" "}
                  <span className="font-medium">{entry.staffName}</span> ·{" "}
                  {t(`audit.entity.${entry.entity}` as MessageKey, { id: entry.entityId })}
                </p>
                <ul className="mt-1 text-ink-soft">
                  {fields.map((field) => (
                    <li key={field}>{change(field, entry.before?.[field], entry.after?.[field])}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
      {entries.length === PAGE && last ? (
        <Link to={`?before=${last.id}`} className="mt-4 inline-block text-accent underline">
          {t("audit.older")}
        </Link>
      ) : null}
    </main>
  );
}
