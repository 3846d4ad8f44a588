import { signInFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { AuthCard } from "../components/auth-card.tsx";
import { Field, Notice, SubmitButton } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { ConsoleApiError, consoleApi } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { useT } from "../lib/i18n.ts";
import { inLocale, nextPath } from "../lib/next-path.ts";
import type { Route } from "./+types/sign-in";

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const parsed = parseForm(signInFormSchema, await request.formData());
  if (!parsed.ok) return refusedForm({ error: "wrong" as const, minutes: 0 }, parsed.errors);
  try {
    const member = await consoleApi(consoleEndpoints.signIn(), { body: parsed.input });
    // The member's own language, when they chose one.
    const next = nextPath(new URL(request.url), params.locale);
    return redirect(member.locale ? inLocale(next, member.locale) : next);
  } catch (error) {
    if (!(error instanceof ConsoleApiError)) throw error;
    // The account's own wait (AccountLockedException) ends with a new password from the e-mailed
    // link; the wait of the client's address (TooManyRequestsException) does not.
    if (error.status === 429)
      return {
        error: error.body.type === "AccountLockedException" ? ("locked" as const) : ("addressWaits" as const),
        minutes: Math.ceil((error.retryAfterSeconds ?? 900) / 60),
      };
    if (error.status === 423) return { error: "suspended" as const, minutes: 0 };
    return { error: "wrong" as const, minutes: 0 };
  }
}

export default function SignIn() {
  const t = useT();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const [search] = useSearchParams();
  const message =
    result?.error === "locked"
      ? `${t("signIn.locked", { minutes: result.minutes })} ${t("signIn.lockedReset")}`
      : result?.error === "addressWaits"
        ? t("signIn.locked", { minutes: result.minutes })
        : result?.error === "suspended"
          ? t("signIn.suspended")
          : result?.error
            ? t("signIn.wrong")
            : null;
  return (
    <AuthCard>
      <PageTitle>{t("signIn.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("signIn.title")}</h1>
      <p className="mt-1 text-ink-soft text-sm">{t("signIn.intro")}</p>
      {search.get("passwordSet") ? (
        <div className="mt-4">
          <Notice tone="good">{t("password.done")}</Notice>
        </div>
      ) : null}
      <Form method="post" className="mt-6 grid gap-4">
        <Field name="email" label={t("signIn.email")} type="email" autoComplete="username" required />
        <Field
          name="password"
          label={t("signIn.password")}
          type="password"
          autoComplete="current-password"
          required
        />
        {message ? <Notice tone="bad">{message}</Notice> : null}
        <SubmitButton busy={busy}>{t("signIn.submit")}</SubmitButton>
      </Form>
      <Link
        to="../forgot-password"
        relative="path"
        className="mt-4 inline-block text-accent text-sm underline"
      >
        {t("signIn.forgot")}
      </Link>
      <Link to="../admin" relative="path" className="mt-6 block text-ink-soft text-xs underline">
        {t("signIn.operator")}
      </Link>
    </AuthCard>
  );
}
