import type { Locale } from "@storefront/domain";
import type { StaffMember } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import {
  Form,
  Link,
  NavLink,
  Outlet,
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
  useRevalidator,
  useRouteLoaderData,
} from "react-router";
import { LanguageOptions } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { consoleApi, signInRedirect } from "../lib/api.ts";
import { useBoardFeed } from "../lib/board-feed.ts";
import { playNewOrderChime } from "../lib/chime.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { inLocale } from "../lib/next-path.ts";
import { pageErrorKind } from "../lib/page-error.ts";
import type { Route } from "./+types/staff";

/** The signed-in part of the console: the member, and how many orders wait for an answer. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const [member, waiting] = await Promise.all([
      consoleApi(consoleEndpoints.me()),
      consoleApi(consoleEndpoints.orders<{ totalElements: number }>({ status: "WAITING_APPROVAL", size: 1 })),
    ]);
    return { member, waiting: waiting.totalElements };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

export async function clientAction({ params }: Route.ClientActionArgs) {
  await consoleApi(consoleEndpoints.signOut()).catch(() => null);
  return redirect(`/${params.locale}/sign-in`);
}

function LanguageSelect() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t("header.language")}</span>
      <select
        aria-label={t("header.language")}
        value={locale}
        className="rounded-lg border border-line bg-white px-2 py-1.5"
        onChange={async (event) => {
          const next = event.target.value as Locale;
          await consoleApi(consoleEndpoints.setLocale(), { body: { locale: next } }).catch(() => null);
          navigate(inLocale(`${location.pathname.replace(/^\/console/, "")}${location.search}`, next));
        }}
      >
        <LanguageOptions />
      </select>
    </label>
  );
}

/** The console's sections besides the orders, and who sees each. */
const SECTIONS = [
  { path: "couriers", title: "couriers.title", permission: "orders.delivery" },
  { path: "menus", title: "menus.title", permission: "menus.edit" },
  { path: "promo-codes", title: "promo.title", permission: "promotions.edit" },
  { path: "banners", title: "banners.nav", permission: "promotions.edit" },
  { path: "cities", title: "cities.title", permission: "zones.edit" },
  { path: "staff", title: "staff.title", permission: "staff.manage" },
  { path: "reports", title: "reports.nav", permission: "reports.read" },
  { path: "brand", title: "brand.nav", permission: "brand.edit" },
  { path: "pages", title: "pages.nav", permission: "brand.edit" },
  { path: "audit", title: "audit.title", permission: "audit.read" },
] as const;

function Section({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        `flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-1.5 font-medium ${isActive ? "bg-accent-soft text-accent" : ""}`
      }
    >
      {children}
    </NavLink>
  );
}

/** The console's header: the partner, its sections the member may open, the member, language and sign-out. */
function StaffHeader({ member, waiting }: { member: StaffMember; waiting: number }) {
  const t = useT();
  const locale = useLocale();
  return (
    <header className="sticky top-0 z-10 border-line border-b bg-white">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <p className="font-semibold">
          {member.partner.name} <span className="font-normal text-ink-soft">· {t("header.console")}</span>
        </p>
        <nav aria-label={t("header.navigation")} className="flex flex-wrap gap-1">
          <Section to={`/${locale}/orders`}>
            {t("orders.title")}
            {waiting > 0 ? (
              <>
                <span aria-hidden="true" className="rounded-full bg-red-600 px-2 py-0.5 text-white text-xs">
                  {waiting}
                </span>
                <span className="sr-only">{t("orders.waitingBadge", { count: waiting })}</span>
              </>
            ) : null}
          </Section>
          {SECTIONS.filter(({ permission }) => member.permissions.includes(permission)).map(
            ({ path, title }) => (
              <Section key={path} to={`/${locale}/${path}`}>
                {t(title)}
              </Section>
            ),
          )}
        </nav>
        <div className="ms-auto flex items-center gap-3">
          <p className="text-sm">
            {member.name} <span className="text-ink-soft">· {t(`role.${member.role}`)}</span>
          </p>
          <LanguageSelect />
          <Form method="post">
            <button type="submit" className="rounded-lg border border-line px-3 py-1.5 text-sm">
              {t("header.signOut")}
            </button>
          </Form>
        </div>
      </div>
    </header>
  );
}

export default function StaffLayout() {
  const { member, waiting } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  useBoardFeed((message) => {
    if (message?.status === "WAITING_APPROVAL") playNewOrderChime();
    void revalidator.revalidate();
  });
  return (
    <div className="min-h-dvh">
      <StaffHeader member={member} waiting={waiting} />
      <Outlet context={member} />
    </div>
  );
}

/**
 * A screen that could not load (a stale link to an order, a path no screen has, a section the
 * member's role does not open, the API away): said in the member's language under the console's
 * header, so the member goes on from there. The header is missing only when the member's own data
 * could not load.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const locale = useLocale();
  const staff = useRouteLoaderData<typeof clientLoader>("staff");
  const revalidator = useRevalidator();
  const kind = pageErrorKind(error);
  const title = t(`error.${kind}`);
  return (
    <div className="min-h-dvh">
      <PageTitle>{title}</PageTitle>
      {staff ? <StaffHeader member={staff.member} waiting={staff.waiting} /> : null}
      <main className="mx-auto grid max-w-screen-md justify-items-start gap-3 p-4">
        <h1 className="font-semibold text-2xl">{title}</h1>
        <p className="text-ink-soft">{t(`error.${kind}Text`)}</p>
        <div className="flex flex-wrap gap-3">
          {kind === "failed" ? (
            <button
              type="button"
              onClick={() => void revalidator.revalidate()}
              className="rounded-lg bg-accent px-4 py-2 font-medium text-white"
            >
              {t("error.retry")}
            </button>
          ) : null}
          <Link to={`/${locale}/orders`} className="rounded-lg border border-line px-4 py-2 font-medium">
            {t("error.toOrders")}
          </Link>
        </div>
      </main>
    </div>
  );
}
