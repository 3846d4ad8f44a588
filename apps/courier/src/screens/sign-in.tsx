import type { CourierAccount } from "@storefront/domain/contract";
import { courierEndpoints } from "@storefront/domain/endpoints";
import { type FormEvent, useState } from "react";
import { ApiRefusal, courierApi, NoNetwork } from "../lib/api.ts";
import { countdownText, secondsUntil } from "../lib/countdown.ts";
import { type MessageKey, useWords } from "../lib/i18n.ts";
import { useNow } from "../lib/use-now.ts";
import { BigButton, Ltr, Notice } from "./parts.tsx";

/** Why a code was not sent, in the courier's words. */
function sendFailure(error: unknown): MessageKey {
  if (error instanceof NoNetwork) return "error.offline";
  if (!(error instanceof ApiRefusal)) return "error.generic";
  if (error.error?.type === "PhoneConfirmationTimeLimitException") return "signIn.error.wait";
  if (error.status === 429) return "signIn.error.tooMany";
  if (error.error?.details?.some((detail) => detail.field === "phone")) return "signIn.error.phone";
  return "error.generic";
}

/** Why the code did not sign the courier in. */
function signInFailure(error: unknown): MessageKey {
  if (error instanceof NoNetwork) return "error.offline";
  if (!(error instanceof ApiRefusal)) return "error.generic";
  switch (error.error?.type) {
    case "InvalidConfirmationCodeException":
      return "signIn.error.code";
    case "PhoneConfirmationAttemptsException":
      return "signIn.error.attempts";
    case "PhoneConfirmationExpiredException":
    case "PhoneConfirmationNotFoundException":
      return "signIn.error.expired";
    case "ForbiddenException":
      return "signIn.error.inactive";
    default:
      return "error.generic";
  }
}

const INPUT = "min-h-14 w-full rounded-xl border-2 border-ink bg-white px-4 text-2xl font-semibold";

/**
 * Signing in as the customers do: the phone the dispatcher has for the courier, then the code sent
 * to it by SMS, with the customer's wait of 60 s before another code.
 */
export function SignIn({
  appName,
  onSignedIn,
}: {
  appName: string;
  onSignedIn: (courier: CourierAccount) => void;
}) {
  const { t } = useWords();
  const [step, setStep] = useState<"phone" | "code">("phone");
  const [phone, setPhone] = useState("+");
  const [code, setCode] = useState("");
  const [codeLength, setCodeLength] = useState(4);
  const [resendAt, setResendAt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const now = useNow(step === "code");
  const wait = secondsUntil(resendAt, now);

  const askForCode = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const sent = await courierApi(courierEndpoints.sendPhoneConfirmation(phone.trim()));
      setCodeLength(sent.codeLength);
      setResendAt(Date.now() + sent.resendAfterSeconds * 1000);
      setCode("");
      setStep("code");
    } catch (failure) {
      setError(sendFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await courierApi(courierEndpoints.login(), { phone: phone.trim(), token: code });
      onSignedIn(answer.courier);
    } catch (failure) {
      setError(signInFailure(failure));
      setBusy(false);
    }
  };

  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col gap-5 p-5">
      <p className="text-xl font-bold text-ink-soft">{appName}</p>
      <h1 className="text-3xl font-bold">{t("signIn.title")}</h1>
      {step === "phone" ? (
        <form onSubmit={askForCode} className="flex flex-1 flex-col gap-5">
          <label className="flex flex-col gap-2 text-lg font-semibold">
            {t("signIn.phone")}
            <input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              required
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              className={INPUT}
            />
            <span className="font-normal text-ink-soft">{t("signIn.phoneHint")}</span>
          </label>
          {error ? <Notice tone="bad">{t(error)}</Notice> : null}
          <BigButton type="submit" busy={busy} className="mt-auto">
            {t("signIn.getCode")}
          </BigButton>
        </form>
      ) : (
        <form onSubmit={signIn} className="flex flex-1 flex-col gap-5">
          <p>
            {t("signIn.codeSent")} <Ltr>{phone}</Ltr>
          </p>
          <label className="flex flex-col gap-2 text-lg font-semibold">
            {t("signIn.code")}
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              dir="ltr"
              required
              maxLength={codeLength}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
              className={`${INPUT} tracking-[0.4em]`}
            />
          </label>
          {error ? <Notice tone="bad">{t(error)}</Notice> : null}
          <div className="flex flex-col gap-3">
            <BigButton look="secondary" disabled={wait > 0 || busy} onClick={() => void askForCode()}>
              {wait > 0 ? (
                <>
                  {t("signIn.newCodeIn")} <Ltr>{countdownText(wait)}</Ltr>
                </>
              ) : (
                t("signIn.newCode")
              )}
            </BigButton>
            <BigButton look="quiet" onClick={() => setStep("phone")}>
              {t("signIn.changePhone")}
            </BigButton>
          </div>
          <BigButton type="submit" busy={busy} className="mt-auto">
            {t("signIn.submit")}
          </BigButton>
        </form>
      )}
    </main>
  );
}
