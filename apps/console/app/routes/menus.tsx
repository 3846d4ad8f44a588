import { seesWholePartner } from "@storefront/domain";
import type { StaffMember } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { Link, redirect, useOutletContext } from "react-router";
import { PageTitle } from "../components/page-title.tsx";
import { consoleApi, signInRedirect } from "../lib/api.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/menus";

/** A member with one vendor goes straight to its menu. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const member = await consoleApi(consoleEndpoints.me());
    if (member.vendors.length === 1) throw redirect(`/${params.locale}/menus/${member.vendors[0]?.id}`);
    return null;
  } catch (error) {
    if (error instanceof Response) throw error;
    return signInRedirect(error, params.locale, request);
  }
}

export default function Menus() {
  const t = useT();
  const member = useOutletContext<StaffMember>();
  const [search, setSearch] = useState("");
  const shown = member.vendors.filter((vendor) =>
    vendor.name.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const localities = [
    ...new Map(shown.map((vendor) => [vendor.localityCode, vendor.localityName])).entries(),
  ];
  return (
    <main className="mx-auto max-w-screen-lg p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PageTitle>{t("menus.title")}</PageTitle>
        <h1 className="font-semibold text-2xl">{t("menus.title")}</h1>
        {seesWholePartner(member.role) && member.permissions.includes("vendors.edit") ? (
          <Link
            to="../vendors/new"
            relative="path"
            className="rounded-lg bg-accent px-4 py-2 font-semibold text-white"
          >
            {t("menus.addVendor")}
          </Link>
        ) : null}
      </div>
      <label className="mt-4 grid max-w-sm gap-1 text-sm" htmlFor="vendor-search">
        {t("menus.search")}
      </label>
      <input
        id="vendor-search"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="mt-1 w-full max-w-sm rounded-lg border border-line bg-white px-3 py-2"
      />
      {localities.map(([code, name]) => (
        <section key={code} className="mt-6" aria-labelledby={`city-${code}`}>
          <h2 id={`city-${code}`} className="font-semibold text-ink-soft text-sm uppercase tracking-wide">
            {name}
          </h2>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {shown
              .filter((vendor) => vendor.localityCode === code)
              .map((vendor) => (
                <li key={vendor.id}>
                  <Link
                    to={String(vendor.id)}
                    className="block rounded-xl bg-white p-3 font-medium ring-1 ring-line hover:ring-accent"
                  >
                    {vendor.name}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
