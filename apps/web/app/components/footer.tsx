import { everydayHours, isWebUrl } from "@storefront/domain";
import { Link, useLocation, useNavigate } from "react-router";
import { useT } from "../lib/i18n.ts";
import {
  FRAME_PARAM,
  FRAMED_LINK_TITLES,
  FRAMED_LINKS,
  type FramedLink,
  framedAddress,
} from "../lib/partner-frames.ts";
import { useStorefront } from "../lib/storefront.ts";
import { Icon } from "./icons.tsx";
import { Ltr } from "./ltr.tsx";
import { modalHref } from "./modal-link.ts";

const SOCIAL = ["facebook", "instagram", "telegram", "twitter", "linkedin"] as const;

/**
 * An information page of the partner's configuration: a site path gets the locale; a web address
 * opens in the embedded frame, and without script (or with a modified click) in a new tab as is.
 */
function FooterLink({
  name,
  locale,
  children,
}: {
  name: FramedLink;
  locale: string;
  children: React.ReactNode;
}) {
  const { params } = useStorefront();
  const navigate = useNavigate();
  const location = useLocation();
  const href = params?.publicInfo.links[name];
  const className = "inline-flex min-h-11 items-center hover:text-ink md:min-h-8";
  if (href?.startsWith("/")) {
    return (
      <Link to={`/${locale}${href}`} className={className}>
        {children}
      </Link>
    );
  }
  const address = framedAddress(params?.publicInfo.links, name);
  if (!address) return null;
  return (
    <a
      href={address}
      className={className}
      rel="noopener noreferrer"
      target="_blank"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(modalHref(location, { modal: "EmbeddedFrame", [FRAME_PARAM]: name }), {
          preventScrollReset: true,
        });
      }}
    >
      {children}
    </a>
  );
}

export function Footer() {
  const t = useT();
  const { locale, params } = useStorefront();
  if (!params) return null;
  const { publicInfo, contacts } = params;
  const hours = contacts.forClients.workingHours.intervals;
  const everyday = everydayHours(hours);
  // A new partner has no pages or networks yet: no empty "Company" heading.
  const links = publicInfo.links;
  const hasCompanyLinks =
    FRAMED_LINKS.some((name) => links[name]) ||
    SOCIAL.some((network) => isWebUrl(links.socialNetworks[network])) ||
    isWebUrl(links.iosApp) ||
    isWebUrl(links.androidApp);
  return (
    // Below every page's first screen: laid out when it nears the screen (decision 0172).
    <footer className="mt-12 border-t border-line bg-white pb-24 text-sm text-ink-soft [content-visibility:auto] [contain-intrinsic-block-size:auto_500px] md:pb-0">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <section aria-labelledby="footer-operator">
          <h2 id="footer-operator" className="text-base font-semibold text-ink">
            {publicInfo.platformName}
          </h2>
          <p className="mt-2">{publicInfo.partnerOfficialName}</p>
          <p>{publicInfo.partnerOfficialAddress}</p>
          <p>{publicInfo.partnerCertificate}</p>
        </section>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="text-base font-semibold text-ink">
            {t("footer.support")}
          </h2>
          <ul className="mt-2 space-y-1">
            <li>
              <a
                href={`tel:${contacts.forClients.phone}`}
                className="inline-flex min-h-11 items-center gap-2 hover:text-ink md:min-h-8"
              >
                <Icon name="phone" className="size-4" />
                <Ltr>{contacts.forClients.phone}</Ltr>
              </a>
            </li>
            <li>
              <a
                href={`mailto:${contacts.forClients.email}`}
                className="inline-flex min-h-11 items-center gap-2 hover:text-ink md:min-h-8"
              >
                <Icon name="mail" className="size-4" />
                {contacts.forClients.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="clock" className="size-4" />
              {everyday
                ? t("hours.everyday", { from: everyday.from, until: everyday.until })
                : t("hours.varies")}
            </li>
            <li>
              <Link
                to={`/${locale}/support`}
                className="inline-flex min-h-11 items-center hover:text-ink md:min-h-8"
              >
                {t("footer.supportPage")}
              </Link>
            </li>
          </ul>
        </section>
        {hasCompanyLinks ? (
          <section aria-labelledby="footer-links">
            <h2 id="footer-links" className="text-base font-semibold text-ink">
              {t("footer.company")}
            </h2>
            <ul className="mt-2 space-y-1">
              {FRAMED_LINKS.map((name) =>
                publicInfo.links[name] ? (
                  <li key={name}>
                    <FooterLink name={name} locale={locale}>
                      {t(FRAMED_LINK_TITLES[name])}
                    </FooterLink>
                  </li>
                ) : null,
              )}
            </ul>
            <ul className="mt-4 flex flex-wrap gap-3" aria-label={t("footer.social")}>
              {SOCIAL.map((network) => {
                const href = publicInfo.links.socialNetworks[network];
                return isWebUrl(href) ? (
                  <li key={network}>
                    <a
                      href={href}
                      rel="noopener noreferrer"
                      target="_blank"
                      className="inline-flex min-h-11 items-center capitalize hover:text-ink"
                    >
                      {network}
                    </a>
                  </li>
                ) : null;
              })}
              {isWebUrl(publicInfo.links.iosApp) && (
                <li>
                  <a
                    href={publicInfo.links.iosApp}
                    className="inline-flex min-h-11 items-center hover:text-ink"
                  >
                    {t("footer.appStore")}
                  </a>
                </li>
              )}
              {isWebUrl(publicInfo.links.androidApp) && (
                <li>
                  <a
                    href={publicInfo.links.androidApp}
                    className="inline-flex min-h-11 items-center hover:text-ink"
                  >
                    {t("footer.googlePlay")}
                  </a>
                </li>
              )}
            </ul>
          </section>
        ) : null}
      </div>
    </footer>
  );
}
