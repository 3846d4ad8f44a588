import {
  CALENDAR_INPUT_BOUNDS,
  formatTimeOfDay,
  instantOfLocalDateTime,
  localDateOf,
  localMomentOf,
  type PromoType,
} from "@storefront/domain";
import type { ConsoleLocality, ConsolePromoCode, StaffMember } from "@storefront/domain/contract";
import { useState } from "react";
import { Form } from "react-router";
import { useLocale, useT } from "../lib/i18n.ts";
import { Field, Notice, SubmitButton } from "./form-parts.tsx";

const TYPES: PromoType[] = ["FIXED", "PERCENT", "FREE_DELIVERY"];
const field = "w-full rounded-lg border border-line bg-white px-3 py-2";

/** An instant as a `datetime-local` value on the city's clock ("2026-12-01T09:30"). */
export function localInputValue(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const at = new Date(iso);
  return `${localDateOf(at, timeZone)}T${formatTimeOfDay(localMomentOf(at, timeZone).minutes)}`;
}

/** A `datetime-local` value, read on the city's clock, as an ISO instant; empty: none. */
export function instantOfInput(value: string, timeZone: string): string | null {
  return value ? (instantOfLocalDateTime(value, timeZone)?.toISOString() ?? null) : null;
}

/**
 * A promo code's terms, for a new code or a change: the code and its locality only when new; the
 * amount's label follows the type (a free delivery has none, only a percentage has a cap).
 */
export function PromoCodeForm({
  member,
  localities,
  editing,
  busy,
  error,
}: {
  member: StaffMember;
  localities: ConsoleLocality[];
  editing: ConsolePromoCode | null;
  busy: boolean;
  error: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const [type, setType] = useState<PromoType>(editing?.type ?? "FIXED");
  const [localityCode, setLocalityCode] = useState(editing?.localityCode ?? localities[0]?.code ?? "");
  const vendors = member.vendors.filter((vendor) => vendor.localityCode === localityCode);
  // The validity is typed on the city's clock, wherever the manager is.
  const timeZone = localities.find((locality) => locality.code === localityCode)?.timeZone ?? "UTC";
  const id = editing ? `promo-${editing.id}` : "promo-new";
  const title = editing ? t("promo.editTitle", { code: editing.code }) : t("promo.newTitle");
  return (
    <Form
      method="post"
      className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-line"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        {title}
      </h2>
      <input type="hidden" name="intent" value={editing ? "change" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <input type="hidden" name="timeZone" value={timeZone} />
      <div className="grid gap-3 sm:grid-cols-3">
        {editing ? null : (
          <>
            <Field
              name="code"
              label={t("promo.code")}
              required
              maxLength={20}
              pattern="[A-Za-z0-9\u0400-\u04FF]{1,20}"
              autoCapitalize="characters"
              dir="ltr"
            />
            <div className="grid gap-1">
              <label htmlFor={`${id}-locality`} className="font-medium text-sm">
                {t("promo.locality")}
              </label>
              <select
                id={`${id}-locality`}
                name="localityCode"
                value={localityCode}
                onChange={(event) => setLocalityCode(event.target.value)}
                className={field}
              >
                {localities.map((locality) => (
                  <option key={locality.code} value={locality.code}>
                    {locality.name}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <div className="grid gap-1">
          <label htmlFor={`${id}-vendor`} className="font-medium text-sm">
            {t("promo.vendor")}
          </label>
          <select
            id={`${id}-vendor`}
            name="vendorId"
            defaultValue={editing?.vendor?.id ?? ""}
            className={field}
          >
            <option value="">{t("promo.anyVendor")}</option>
            {vendors.map((vendor) => (
              <option key={vendor.id} value={vendor.id}>
                {vendor.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-medium text-sm">{t("promo.type")}</legend>
        {TYPES.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="type"
              value={option}
              checked={type === option}
              onChange={() => setType(option)}
              className="size-4"
            />
            {t(`promo.type.${option}`)}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        {type === "FREE_DELIVERY" ? (
          <input type="hidden" name="value" value="0" />
        ) : (
          <Field
            name="value"
            label={type === "PERCENT" ? t("promo.percentOff") : t("promo.amountOff")}
            type="number"
            step={type === "PERCENT" ? 1 : "any"}
            min={type === "PERCENT" ? 1 : 0}
            max={type === "PERCENT" ? 100 : undefined}
            defaultValue={editing && editing.type === type ? editing.value : ""}
            required
          />
        )}
        {type === "PERCENT" ? (
          <Field
            name="maxDiscount"
            label={t("promo.maxDiscount")}
            type="number"
            step="any"
            min={0}
            defaultValue={editing?.maxDiscount ?? ""}
          />
        ) : null}
        <Field
          name="minCartTotal"
          label={t("promo.minOrder")}
          type="number"
          step="any"
          min={0}
          defaultValue={editing?.minCartTotal ?? 0}
          required
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field
          name="validFrom"
          label={t("promo.validFrom")}
          type="datetime-local"
          {...CALENDAR_INPUT_BOUNDS.dateTime}
          defaultValue={localInputValue(editing?.validFrom ?? null, timeZone)}
        />
        <Field
          name="validUntil"
          label={t("promo.validUntil")}
          type="datetime-local"
          {...CALENDAR_INPUT_BOUNDS.dateTime}
          defaultValue={localInputValue(editing?.validUntil ?? null, timeZone)}
        />
        <Field
          name="maxUses"
          label={t("promo.maxUses")}
          type="number"
          min={1}
          step={1}
          placeholder={t("promo.noLimit")}
          defaultValue={editing?.maxUses ?? ""}
        />
        <Field
          name="maxUsesPerCustomer"
          label={t("promo.maxUsesPerCustomer")}
          type="number"
          min={1}
          step={1}
          placeholder={t("promo.noLimit")}
          defaultValue={editing ? (editing.maxUsesPerCustomer ?? "") : 1}
        />
      </div>
      <Field
        name="description"
        label={t("promo.description")}
        maxLength={200}
        lang={locale}
        defaultValue={editing?.description[locale] ?? ""}
      />
      <p className="text-ink-soft text-sm">{t("promo.hint")}</p>
      {error ? <Notice tone="bad">{error}</Notice> : null}
      <SubmitButton busy={busy} wide={false}>
        {editing ? t("menus.save") : t("promo.create")}
      </SubmitButton>
    </Form>
  );
}
