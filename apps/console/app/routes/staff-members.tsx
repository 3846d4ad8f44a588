import { formatDateTime, STAFF_ROLES, type StaffRole } from "@storefront/domain";
import { type StaffMember, staffInvitationFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { Form, useActionData, useLoaderData, useNavigation, useOutletContext } from "react-router";
import { Field, Notice, SubmitButton } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { useCityClock } from "../lib/city-clock.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/staff-members";

interface Member {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  invited: boolean;
  lastSignInAt: string | null;
  vendors: Array<{ id: number; name: string }>;
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    return await consoleApi(consoleEndpoints.staff<Member>());
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** Invites a member; the API's refusal names the field to correct. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const parsed = parseForm(staffInvitationFormSchema, await request.formData());
  if (!parsed.ok) return refusedForm({ invited: null, field: parsed.field }, parsed.errors);
  const { email } = parsed.input;
  try {
    await consoleApi(consoleEndpoints.inviteStaff(), { body: { ...parsed.input, locale: params.locale } });
    return { invited: email, field: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && (error.status === 400 || error.status === 409))
      return {
        invited: null,
        field: error.status === 409 ? "taken" : (error.body.details?.[0]?.field ?? "email"),
      };
    return signInRedirect(error, params.locale, request);
  }
}

function InviteForm({ member }: { member: StaffMember }) {
  const t = useT();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const [role, setRole] = useState<StaffRole>("VENDOR_STAFF");
  const [search, setSearch] = useState("");
  const vendors = member.vendors.filter((vendor) =>
    vendor.name.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const field = "rounded-lg border border-line bg-white px-3 py-2";
  return (
    <Form
      method="post"
      className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line"
      aria-labelledby="invite-title"
    >
      <h2 id="invite-title" className="font-semibold text-lg">
        {t("staff.invite")}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field name="name" label={t("staff.name")} required maxLength={100} />
        <Field name="email" label={t("signIn.email")} type="email" required />
        <div className="grid gap-1">
          <label htmlFor="invite-role" className="font-medium text-sm">
            {t("staff.role")}
          </label>
          <select
            id="invite-role"
            name="role"
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
            className={`${field} min-w-0`}
          >
            {STAFF_ROLES.map((code) => (
              <option key={code} value={code}>
                {t(`role.${code}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {role === "VENDOR_STAFF" ? (
        <fieldset className="grid gap-2">
          <legend className="font-medium text-sm">{t("staff.vendors")}</legend>
          <input
            type="search"
            aria-label={t("menus.search")}
            placeholder={t("menus.search")}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={`${field} max-w-sm`}
          />
          <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
            {vendors.map((vendor) => (
              <label key={vendor.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="vendorIds" value={vendor.id} className="size-4" />
                {vendor.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {result ? (
        <Notice tone={result.invited ? "good" : "bad"}>
          {result.invited
            ? t("staff.invited", { email: result.invited })
            : result.field === "taken"
              ? t("staff.error.taken")
              : result.field === "vendorIds"
                ? t("staff.error.vendors")
                : t("staff.error.invalid")}
        </Notice>
      ) : null}
      <SubmitButton busy={busy} wide={false}>
        {t("staff.send")}
      </SubmitButton>
    </Form>
  );
}

export default function StaffMembers() {
  const t = useT();
  // A sign-in belongs to no city: it reads on the member's first city's clock, named when several.
  const clock = useCityClock()();
  const member = useOutletContext<StaffMember>();
  const { staff } = useLoaderData<typeof clientLoader>();
  return (
    <main className="mx-auto grid max-w-screen-lg gap-6 p-4">
      <PageTitle>{t("staff.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("staff.title")}</h1>
      <InviteForm member={member} />
      <ul className="grid gap-2" aria-label={t("staff.title")}>
        {staff.map((one) => (
          <li key={one.id} className="rounded-xl bg-white p-3 text-sm ring-1 ring-line">
            <p>
              <span className="font-medium">{one.name}</span> · {one.email} · {t(`role.${one.role}`)}
            </p>
            <p className="text-ink-soft">
              {one.invited
                ? t("staff.pending")
                : one.lastSignInAt
                  ? t("staff.lastSignIn", { time: formatDateTime(one.lastSignInAt, clock) })
                  : t("staff.neverSignedIn")}
              {one.vendors.length > 0 ? ` · ${one.vendors.map((vendor) => vendor.name).join(", ")}` : ""}
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
