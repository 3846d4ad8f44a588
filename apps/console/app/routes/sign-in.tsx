import type { StaffMember } from "@storefront/domain/contract";
import { Form, redirect, useActionData, useNavigation } from "react-router";
import { ConsoleApiError, consoleApi } from "../lib/api.ts";
import { useT } from "../lib/i18n.ts";
import { inLocale, nextPath } from "../lib/next-path.ts";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => [{ title: "Console" }];

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const form = await request.formData();
  try {
    const member = await consoleApi<StaffMember>("/session", {
      method: "POST",
      body: { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") },
    });
    // The member's own language, when they chose one.
    const next = nextPath(new URL(request.url), params.locale);
    return redirect(member.locale ? inLocale(next, member.locale) : next);
  } catch (error) {
    if (!(error instanceof ConsoleApiError)) throw error;
    if (error.status === 429)
      return { error: "locked" as const, minutes: Math.ceil((error.retryAfterSeconds ?? 900) / 60) };
    if (error.status === 400) return { error: "invalid" as const, minutes: 0 };
    if (error.status === 423) return { error: "suspended" as const, minutes: 0 };
    return { error: "wrong" as const, minutes: 0 };
  }
}

export default function SignIn() {
  const t = useT();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const message =
    result?.error === "locked"
      ? t("signIn.locked", { minutes: result.minutes })
      : result?.error === "suspended"
        ? t("signIn.suspended")
        : result?.error
          ? t("signIn.wrong")
          : null;
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <Form method="post" className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        <h1 className="font-semibold text-2xl">{t("signIn.title")}</h1>
        <p className="mt-1 text-ink-soft text-sm">{t("signIn.intro")}</p>
        <label className="mt-6 block font-medium text-sm" htmlFor="email">
          {t("signIn.email")}
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          className="mt-1 w-full rounded-lg border border-line px-3 py-2"
        />
        <label className="mt-4 block font-medium text-sm" htmlFor="password">
          {t("signIn.password")}
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className="mt-1 w-full rounded-lg border border-line px-3 py-2"
        />
        {message ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
            {message}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="mt-6 w-full rounded-lg bg-accent px-4 py-2.5 font-semibold text-white disabled:opacity-60"
        >
          {t("signIn.submit")}
        </button>
      </Form>
    </main>
  );
}
