import { STAFF_PASSWORD_LENGTH } from "@storefront/domain";
import { passwordFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { AuthCard } from "../components/auth-card.tsx";
import { Field, Notice, SubmitButton } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { ConsoleApiError, consoleApi } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/password";

/** Sets the password the e-mailed link is for, then on to signing in with it. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const parsed = parseForm(passwordFormSchema, await request.formData());
  if (!parsed.ok) return refusedForm({ error: "short" as const }, parsed.errors);
  const { password, repeat } = parsed.input;
  if (password !== repeat) return { error: "mismatch" as const };
  try {
    await consoleApi(consoleEndpoints.password(), {
      body: { token: new URL(request.url).searchParams.get("token") ?? "", password },
    });
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 400)
      return { error: error.body.type === "InvalidTokenException" ? ("link" as const) : ("short" as const) };
    // Another brand's invitation to this address was taken up first: that is its account.
    if (error instanceof ConsoleApiError && error.status === 409) return { error: "taken" as const };
    throw error;
  }
  return redirect(`/${params.locale}/sign-in?passwordSet=1`);
}

export default function NewPassword() {
  const t = useT();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const [search] = useSearchParams();
  const length = STAFF_PASSWORD_LENGTH.min;
  return (
    <AuthCard>
      <PageTitle>{t("password.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("password.title")}</h1>
      <p className="mt-1 text-ink-soft text-sm">{t("password.intro", { length })}</p>
      <Form method="post" action={`?${search}`} className="mt-6 grid gap-4">
        <Field
          name="password"
          label={t("password.new")}
          type="password"
          autoComplete="new-password"
          required
          minLength={length}
        />
        <Field
          name="repeat"
          label={t("password.repeat")}
          type="password"
          autoComplete="new-password"
          required
        />
        {result?.error ? <Notice tone="bad">{t(`password.error.${result.error}`, { length })}</Notice> : null}
        <SubmitButton busy={busy}>{t("password.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
