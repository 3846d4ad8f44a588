import { passwordResetFormSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { AuthCard } from "../components/auth-card.tsx";
import { Field, Notice, SubmitButton } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { consoleApi } from "../lib/api.ts";
import { parseForm, refusedForm } from "../lib/form-input.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/forgot-password";

/** Asks for a reset link; the answer is the same whether or not the e-mail belongs to a member. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const parsed = parseForm(passwordResetFormSchema, await request.formData());
  if (!parsed.ok) return refusedForm({ sent: true }, parsed.errors);
  await consoleApi(consoleEndpoints.passwordReset(), {
    body: { email: parsed.input.email, locale: params.locale },
  }).catch(() => null);
  return { sent: true };
}

export default function ForgotPassword() {
  const t = useT();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard>
      <PageTitle>{t("forgot.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("forgot.title")}</h1>
      <p className="mt-1 text-ink-soft text-sm">{t("forgot.intro")}</p>
      <div className="mt-4">
        {result?.sent ? (
          <Notice tone="good">{t("forgot.sent")}</Notice>
        ) : (
          <Form method="post" className="grid gap-4">
            <Field name="email" label={t("signIn.email")} type="email" autoComplete="username" required />
            <SubmitButton busy={busy}>{t("forgot.submit")}</SubmitButton>
          </Form>
        )}
      </div>
      <Link to="../sign-in" relative="path" className="mt-4 inline-block text-accent text-sm underline">
        {t("forgot.back")}
      </Link>
    </AuthCard>
  );
}
