import { endpoints } from "@storefront/domain/endpoints";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { clientSend } from "../lib/api.client.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { Icon } from "./icons.tsx";

/**
 * The healthy-lifestyle card of the account's side bar: a switch that makes product cards show
 * calories, proteins, fats and carbohydrates. It flips at once and settles to the server's answer.
 */
export function HealthyLifestyleCard({ enabled }: { enabled: boolean }) {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const { client } = useStorefront();
  const [pending, setPending] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const id = useId();
  const checked = pending ?? enabled;

  const change = async (next: boolean) => {
    setPending(next);
    setFailed(false);
    const sent = await clientSend(client, endpoints.customer.update(), locale, {
      healthyLifestyle: next,
    });
    if (!sent.ok) setFailed(true);
    await revalidator.revalidate();
    setPending(null);
  };

  return (
    <section className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/5">
      <div className="flex min-h-12 items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
          <Icon name="leaf" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span id={`${id}-title`} className="block font-medium">
            {t("profile.healthy")}
          </span>
          <span id={`${id}-hint`} className="block text-sm text-ink-soft">
            {t("profile.healthy.hint")}
          </span>
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-hint`}
          aria-busy={pending !== null || undefined}
          onClick={() => void change(!checked)}
          className="group grid h-11 w-14 shrink-0 place-items-center rounded-full"
        >
          <span
            aria-hidden="true"
            className="relative h-7 w-12 rounded-full bg-line transition-colors group-aria-checked:bg-brand"
          >
            <span className="absolute start-1 top-1 size-5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-5 rtl:group-aria-checked:-translate-x-5" />
          </span>
        </button>
      </div>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t("auth.toast.oops")}
        </p>
      )}
    </section>
  );
}
