import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useRef, useState } from "react";
import { titleFrom } from "../components/titled.ts";
import { ApiRequestError, apiGet } from "../lib/api.server.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useT } from "../lib/i18n.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-referral";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const t = await serverTranslator(visitor.locale);
  try {
    const { code } = await apiGet(endpoints.customer.referralCode(), visitor.caller);
    return { title: t("menu.referral"), code };
  } catch (error) {
    // The partner stopped the programme: the page says so rather than failing.
    if (error instanceof ApiRequestError && error.status === 404)
      return { title: t("menu.referral"), code: null };
    throw error;
  }
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The customer's referral code, to copy or share, and what it gives the friend and the customer. */
export default function ReferralPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { params } = useStorefront();
  const { code } = loaderData;
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLSpanElement>(null);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const settings = params?.referralProgramSettings;
  const terms = [
    { label: t("referral.friendGets"), text: settings?.discountConfig.promocodeConfig.description },
    { label: t("referral.youGet"), text: settings?.bonusConfig.promocodeConfig.description },
  ].filter((term) => term.text);
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("menu.referral")}</h1>
      {code === null ? (
        <p className="mt-3 text-ink-soft">{t("referral.off")}</p>
      ) : (
        <>
          <p className="mt-1 text-ink-soft">{t("referral.intro")}</p>
          <div className="mt-5 grid gap-3 rounded-2xl bg-brand-soft p-5 sm:grid-cols-[1fr_auto] sm:items-center">
            <div>
              <p className="text-sm text-ink-soft">{t("referral.yourCode")}</p>
              <p className="font-mono text-3xl font-bold tracking-widest">
                <span dir="ltr" ref={codeRef}>
                  {code}
                </span>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                onClick={async () => {
                  // Without clipboard access the code is selected, for the customer to copy.
                  const done = await navigator.clipboard?.writeText(code).then(
                    () => true,
                    () => false,
                  );
                  if (done) setCopied(true);
                  else if (codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current);
                }}
                className="min-h-11 rounded-full bg-brand px-5 font-medium text-brand-ink"
              >
                {copied ? t("referral.copied") : t("referral.copy")}
              </button>
              {canShare && (
                <button
                  type="button"
                  onClick={() =>
                    navigator.share({ text: t("referral.shareText", { code }) }).catch(() => undefined)
                  }
                  className="min-h-11 rounded-full border border-line bg-white px-5 font-medium"
                >
                  {t("referral.share")}
                </button>
              )}
            </div>
          </div>
          <p className="sr-only" role="status">
            {copied ? t("referral.copied") : ""}
          </p>
          {terms.length > 0 && (
            <dl className="mt-5 grid gap-3">
              {terms.map((term) => (
                <div key={term.label} className="rounded-2xl border border-line p-4">
                  <dt className="font-semibold">{term.label}</dt>
                  <dd className="mt-1 text-ink-soft">{term.text}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </section>
  );
}
