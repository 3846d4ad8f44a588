import { Link, NavLink, useParams } from "react-router";
import { accountMenu } from "../lib/account-menu.ts";
import { MAIN_ID } from "../lib/focus.ts";
import { useT } from "../lib/i18n.ts";
import { LANGUAGE_NAMES } from "../lib/languages.ts";
import { useStorefront } from "../lib/storefront.ts";
import { AccountExit } from "./account-exit.tsx";
import { Header } from "./header.tsx";
import { HealthyLifestyleCard } from "./healthy-lifestyle-card.tsx";
import { Icon } from "./icons.tsx";
import { Ltr } from "./ltr.tsx";
import { ModalHost } from "./modal-host.tsx";

export interface AccountUser {
  name: string | null;
  /** As displayed ("+371 20 000 000"), empty when not provided. */
  phone: string;
  email: string | null;
  birthDate: string | null;
  healthyLifestyle: boolean;
}

function ProfileCard({ user }: { user: AccountUser }) {
  const t = useT();
  const { locale = "en" } = useParams();
  return (
    <section
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5"
      aria-label={t("menu.profile")}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p dir="auto" className="truncate text-lg font-semibold text-match-parent">
            {user.name ?? t("profile.anonymous")}
          </p>
          <p className="text-ink-soft">{user.phone ? <Ltr>{user.phone}</Ltr> : t("profile.noPhone")}</p>
          {/* E-mail and birth date show on phones and tablets only, as the spec's profile card does. */}
          {user.email && <p className="text-ink-soft wrap-anywhere md:hidden">{user.email.toLowerCase()}</p>}
          {user.birthDate && <p className="text-ink-soft md:hidden">{user.birthDate}</p>}
        </div>
        <Link
          to={`/${locale}/menu/profile`}
          className="grid size-11 place-items-center rounded-full hover:bg-black/5"
          aria-label={t("profile.edit")}
        >
          <Icon name="user" className="size-5" />
        </Link>
      </div>
    </section>
  );
}

/** The account menu as a list of links; `current` marks where the visitor is. */
export function AccountMenu({ hasCards }: { hasCards: boolean }) {
  const t = useT();
  const { locale, params, user } = useStorefront();
  const menu = accountMenu({
    storedCards: Boolean(params?.paymentOptions.showStoredCards),
    hasCards,
    referral: Boolean(params?.referralProgramSettings.enabled),
    loyalty: Boolean(params?.loyaltyProgramSettings.enabled),
  });
  const link = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-12 items-center justify-between gap-2 px-4 ${isActive ? "font-semibold text-brand" : "hover:bg-black/5"}`;
  return (
    <nav
      aria-label={t("menu.title")}
      className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-black/5"
    >
      {[menu.first, menu.rest].map((group, index) => (
        <ul key={group[0]?.path ?? index} className={index > 0 ? "border-t border-line" : ""}>
          {group.map((entry) => (
            <li key={entry.path}>
              <NavLink to={`/${locale}/menu/${entry.path}`} className={link}>
                <span>{t(entry.label)}</span>
                {entry.path === "languages" ? (
                  <span className="text-sm text-ink-soft">
                    {LANGUAGE_NAMES[(user?.lang as keyof typeof LANGUAGE_NAMES) ?? locale] ??
                      LANGUAGE_NAMES[locale]}
                  </span>
                ) : (
                  <Icon name="chevron-forward" className="size-4 flip-rtl" />
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      ))}
    </nav>
  );
}

/**
 * The account's side-bar layout: the profile card, the healthy-lifestyle card, the menu, sign-out
 * and account deletion beside the page on desktop; on a phone the bare menu shows the side bar and
 * each page shows only itself.
 */
export function AccountLayout({
  user,
  hasCards,
  children,
  isIndex,
}: {
  user: AccountUser;
  hasCards: boolean;
  children: React.ReactNode;
  isIndex: boolean;
}) {
  return (
    <>
      <Header />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pb-24 pt-4 md:grid-cols-[18rem_minmax(0,1fr)] md:pb-10"
      >
        <aside
          className={`grid grid-cols-[minmax(0,1fr)] content-start gap-4 ${isIndex ? "" : "max-md:hidden"}`}
        >
          <ProfileCard user={user} />
          <HealthyLifestyleCard enabled={user.healthyLifestyle} />
          <AccountMenu hasCards={hasCards} />
          <AccountExit />
        </aside>
        <div className={isIndex ? "max-md:hidden" : ""}>{children}</div>
      </main>
      <ModalHost />
    </>
  );
}
