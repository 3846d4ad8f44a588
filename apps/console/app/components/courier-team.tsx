import { formatMoney, OFFER_SECONDS } from "@storefront/domain";
import type { ConsoleCourier, ConsoleCourierListed } from "@storefront/domain/contract";
import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import { Field, Notice, SubmitButton } from "./form-parts.tsx";
import { Ltr } from "./ltr.tsx";

/** What the couriers screen's action answers: which form, and what it refused, if anything. */
export type CourierResult = {
  intent: "add" | "change" | "cash" | "dispatch";
  courierId: number | null;
  name: string;
  refused: "name" | "phone" | "taken" | "offerSeconds" | "other" | null;
};

const REFUSALS: Record<NonNullable<CourierResult["refused"]>, MessageKey> = {
  name: "couriers.error.name",
  phone: "couriers.error.phone",
  taken: "couriers.error.taken",
  offerSeconds: "couriers.error.offerSeconds",
  other: "couriers.error.other",
};

/** Automatic dispatch's one setting: how long a courier has to answer an offer before the next is offered it. */
export function DispatchSettings({ offerSeconds }: { offerSeconds: number }) {
  const t = useT();
  const result = useActionData<CourierResult | undefined>();
  const saved = result?.intent === "dispatch" ? result : null;
  const busy = useNavigation().formData?.get("intent") === "dispatch";
  return (
    <Form
      method="post"
      aria-labelledby="dispatch-settings"
      className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-[1fr_auto] sm:items-end"
    >
      <h2 id="dispatch-settings" className="font-semibold text-lg sm:col-span-2">
        {t("couriers.dispatchTitle")}
      </h2>
      <input type="hidden" name="intent" value="dispatch" />
      <Field
        id="offer-seconds"
        name="offerSeconds"
        label={t("couriers.offerSeconds")}
        hint={t("couriers.offerSecondsHint", { min: OFFER_SECONDS.min, max: OFFER_SECONDS.max })}
        defaultValue={offerSeconds}
        type="number"
        inputMode="numeric"
        min={OFFER_SECONDS.min}
        max={OFFER_SECONDS.max}
        required
      />
      <SubmitButton busy={busy} wide={false}>
        {t("menus.save")}
      </SubmitButton>
      {saved ? (
        <div className="sm:col-span-2">
          {saved.refused ? (
            <Notice tone="bad">{t(REFUSALS[saved.refused])}</Notice>
          ) : (
            <Notice tone="good">{t("couriers.dispatchSaved")}</Notice>
          )}
        </div>
      ) : null}
    </Form>
  );
}

/** A courier's name and phone, typed to add one or to change one. */
function CourierFields({ idPrefix, courier }: { idPrefix: string; courier: ConsoleCourier | null }) {
  const t = useT();
  return (
    <>
      <Field
        id={`${idPrefix}-name`}
        name="name"
        label={t("couriers.name")}
        defaultValue={courier?.name}
        required
        maxLength={80}
        autoComplete="off"
      />
      <Field
        id={`${idPrefix}-phone`}
        name="phone"
        label={t("couriers.phone")}
        defaultValue={courier?.phone}
        required
        maxLength={32}
        type="tel"
        dir="ltr"
        autoComplete="off"
      />
    </>
  );
}

function CourierRow({ courier }: { courier: ConsoleCourierListed }) {
  const t = useT();
  const locale = useLocale();
  const result = useActionData<CourierResult | undefined>();
  const mine = result?.courierId === courier.id ? result : null;
  const [editing, setEditing] = useState(false);
  const busy = useNavigation().formData?.get("courierId") === String(courier.id);
  return (
    <li className="grid gap-2 rounded-xl bg-white p-3 text-sm ring-1 ring-line">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={`font-medium ${courier.active ? "" : "text-ink-soft line-through"}`}>
          {courier.name}
        </span>
        <a href={`tel:${courier.phone}`} className="text-ink-soft underline">
          <Ltr>{courier.phone}</Ltr>
        </a>
        {courier.active ? null : (
          <span className="rounded-full bg-surface px-2 py-0.5 text-xs">{t("couriers.inactive")}</span>
        )}
        {courier.onShift ? (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-900 text-xs">
            {t("couriers.onShift")}
          </span>
        ) : null}
        {courier.simulated ? (
          <span className="rounded-full bg-surface px-2 py-0.5 text-xs">{t("couriers.simulated")}</span>
        ) : null}
        <div className="ms-auto flex gap-2">
          <button
            type="button"
            aria-expanded={editing}
            aria-label={t("couriers.edit", { name: courier.name })}
            onClick={() => setEditing(!editing)}
            className="rounded-lg border border-line px-3 py-1.5"
          >
            {t("couriers.change")}
          </button>
          <Form method="post">
            <input type="hidden" name="intent" value="change" />
            <input type="hidden" name="courierId" value={courier.id} />
            <input type="hidden" name="active" value={courier.active ? "false" : "true"} />
            <button
              type="submit"
              disabled={busy}
              aria-label={t(courier.active ? "couriers.deactivateOne" : "couriers.activateOne", {
                name: courier.name,
              })}
              className="rounded-lg border border-line px-3 py-1.5"
            >
              {t(courier.active ? "couriers.deactivate" : "couriers.activate")}
            </button>
          </Form>
        </div>
      </div>
      {editing && !(mine && mine.refused === null) ? (
        <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="change" />
          <input type="hidden" name="courierId" value={courier.id} />
          <CourierFields idPrefix={`courier-${courier.id}`} courier={courier} />
          <SubmitButton busy={busy} wide={false}>
            {t("menus.save")}
          </SubmitButton>
        </Form>
      ) : null}
      {courier.cashToHandIn.length > 0 ? (
        <Form
          method="post"
          className="flex flex-wrap items-center gap-x-3 gap-y-1"
          onSubmit={(event) => {
            if (!window.confirm(t("couriers.cashQuestion", { name: courier.name }))) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="cash" />
          <input type="hidden" name="courierId" value={courier.id} />
          <input type="hidden" name="name" value={courier.name} />
          <span>
            {t("couriers.cash", {
              amount: courier.cashToHandIn
                .map((held) => formatMoney(held.amount, held.currencyCode, locale))
                .join(" + "),
            })}
          </span>
          <button
            type="submit"
            disabled={busy}
            aria-label={t("couriers.cashHandedInOne", { name: courier.name })}
            className="rounded-lg border border-line px-3 py-1.5"
          >
            {t("couriers.cashHandedIn")}
          </button>
        </Form>
      ) : null}
      {mine?.intent === "cash" && mine.refused === null ? (
        <Notice tone="good">{t("couriers.cashDone", { name: courier.name })}</Notice>
      ) : null}
      {mine?.refused ? <Notice tone="bad">{t(REFUSALS[mine.refused])}</Notice> : null}
    </li>
  );
}

/**
 * The partner's couriers, offered when an order is assigned: added, renamed, given another phone,
 * made inactive (they keep the orders they carry) and active again.
 */
export function CourierTeam({ couriers }: { couriers: ConsoleCourierListed[] }) {
  const t = useT();
  const result = useActionData<CourierResult | undefined>();
  const navigation = useNavigation();
  const adding = navigation.formData?.get("intent") === "add";
  const added = result?.intent === "add" ? result : null;
  return (
    <section aria-labelledby="courier-team" className="grid gap-3">
      <h2 id="courier-team" className="font-semibold text-lg">
        {t("couriers.team")}
      </h2>
      <p className="text-ink-soft text-sm">{t("couriers.teamIntro")}</p>
      <ul className="grid gap-2 lg:grid-cols-2" aria-labelledby="courier-team">
        {couriers.map((courier) => (
          <CourierRow key={courier.id} courier={courier} />
        ))}
      </ul>
      <Form
        method="post"
        key={added?.refused === null ? added.name : "new"}
        aria-labelledby="new-courier"
        className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <h3 id="new-courier" className="font-semibold sm:col-span-3">
          {t("couriers.addTitle")}
        </h3>
        <input type="hidden" name="intent" value="add" />
        <CourierFields idPrefix="new-courier" courier={null} />
        <SubmitButton busy={adding} wide={false}>
          {t("couriers.add")}
        </SubmitButton>
        {added ? (
          <div className="sm:col-span-3">
            {added.refused ? (
              <Notice tone="bad">{t(REFUSALS[added.refused])}</Notice>
            ) : (
              <Notice tone="good">{t("couriers.added", { name: added.name })}</Notice>
            )}
          </div>
        ) : null}
      </Form>
    </section>
  );
}
