import { isSupportedLocale, PHONE_CODE_LENGTH_DEMO, PHONE_CODE_RESEND_SECONDS } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { AsYouType, type CountryCode, getCountryCallingCode } from "libphonenumber-js/min";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { Ltr } from "../components/ltr.tsx";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { Snackbar } from "../components/snackbar.tsx";
import { StateButton } from "../components/state-button.tsx";
import { clientSend, type Sent } from "../lib/api.client.ts";
import { keepCredentials } from "../lib/credentials.ts";
import type { FirebasePhone } from "../lib/firebase-phone.ts";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import { switchLocaleHref } from "../lib/languages.ts";
import { fromThisBuild } from "../lib/new-build.ts";
import { useNextSignInStep } from "../lib/sign-in-steps.ts";
import { useStorefront } from "../lib/storefront.ts";
import { takeWantedCheckout } from "../lib/wanted-checkout.ts";

/** The phone as the API wants it: digits only, no plus, spaces or brackets. */
export function phoneDigits(display: string): string {
  return display.replace(/\D/g, "");
}

/** The three toasts of the spec's section 8 for a failed code request. */
function sendFailureToast(sent: Extract<Sent<unknown>, { ok: false }>): MessageKey {
  if (sent.status === 400 && sent.error?.type === "PhoneConfirmationTimeLimitException")
    return "auth.toast.timeLimit";
  if (sent.status === 429) return "auth.toast.rateLimit";
  if (sent.status === 400 && sent.error?.details?.some((d) => d.field === "phone"))
    return "auth.phone.invalid";
  return "auth.toast.generic";
}

function loginFailure(sent: Extract<Sent<unknown>, { ok: false }>): MessageKey {
  switch (sent.error?.type) {
    case "InvalidConfirmationCodeException":
      return "auth.code.invalid";
    case "PhoneConfirmationAttemptsException":
      return "auth.code.attemptsUsedUp";
    case "PhoneConfirmationExpiredException":
    case "PhoneConfirmationNotFoundException":
      return "auth.code.expired";
    default:
      return "auth.toast.generic";
  }
}

/** The length of Firebase's SMS codes. */
const FIREBASE_CODE_LENGTH = 6;

/**
 * Sign-in by phone: the number in international format with the country's mask, then the SMS
 * code, with a 60-second wait before another code. Not closed by a click outside. Where the
 * locality's customers sign in with Firebase (customerAuthOtpProvider), Firebase's SDK, loaded
 * then and only then, sends and checks the code, and the API signs in with its ID token.
 */
export default function AuthModal() {
  const t = useT();
  const locale = useLocale();
  const close = useCloseModal();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const nextStep = useNextSignInStep();
  const { client, locality, params, customerPrefill } = useStorefront();
  const firebaseSettings =
    params?.customerAuthOtpProvider === "FIREBASE" ? params.customerFirebaseOTPSettings : null;
  const challenge = useRef<HTMLDivElement>(null);
  const firebase = useRef<Promise<FirebasePhone> | null>(null);
  const country = (locality?.countryCode ?? "LV") as CountryCode;
  // Rule 8: a partner's link may name the customer's phone.
  const prefilled = customerPrefill?.phone ? phoneDigits(customerPrefill.phone) : "";
  const [phone, setPhone] = useState(
    prefilled ? new AsYouType(country).input(`+${prefilled}`) : `+${getCountryCallingCode(country)} `,
  );
  const [step, setStep] = useState<"phone" | "code">("phone");
  const [code, setCode] = useState("");
  // The API says how many digits its codes have (4 in demo mode, 6 in production).
  const [codeLength, setCodeLength] = useState<number>(PHONE_CODE_LENGTH_DEMO);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  const [toast, setToast] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const closeToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  /** Firebase's check, its code loaded at the first use; null when it could not be (offline), tried again next time. */
  const firebasePhone = (settings: Record<string, string>) => {
    firebase.current ??= fromThisBuild(import("../lib/firebase-phone.ts")).then(({ firebasePhone }) =>
      firebasePhone(settings, locale, challenge.current as HTMLDivElement),
    );
    return firebase.current.catch(() => {
      firebase.current = null;
      return null;
    });
  };

  const codeSent = (length: number, resendAfterSeconds: number) => {
    setStep("code");
    setCode("");
    setCodeLength(length);
    setCodeError(null);
    setWait(resendAfterSeconds);
  };

  const sendCode = async () => {
    setBusy(true);
    if (firebaseSettings) {
      const check = await firebasePhone(firebaseSettings);
      const failure = check ? await check.send(phoneDigits(phone)) : "auth.toast.generic";
      setBusy(false);
      if (failure) return setToast(t(failure));
      return codeSent(FIREBASE_CODE_LENGTH, PHONE_CODE_RESEND_SECONDS);
    }
    const sent = await clientSend(client, endpoints.auth.sendPhoneConfirmation(phoneDigits(phone)), locale);
    setBusy(false);
    if (!sent.ok) return setToast(t(sendFailureToast(sent)));
    codeSent(sent.body.codeLength, sent.body.resendAfterSeconds);
  };

  /** The API's sign-in: with the code it sent, or with the ID token of Firebase's check of its own. */
  const logIn = async () => {
    if (!firebaseSettings || !locality)
      return clientSend(client, endpoints.auth.login(), locale, { phone: phoneDigits(phone), token: code });
    const check = await firebasePhone(firebaseSettings);
    if (!check) return "auth.toast.generic";
    const checked = await check.confirm(code);
    if ("failure" in checked) return checked.failure;
    return clientSend(client, endpoints.auth.firebaseLogin(), locale, {
      token: checked.idToken,
      localityCode: locality.code,
    });
  };

  const signIn = async () => {
    setBusy(true);
    const sent = await logIn();
    setBusy(false);
    if (typeof sent === "string") return setCodeError(t(sent));
    if (!sent.ok) return setCodeError(t(loginFailure(sent)));
    keepCredentials(sent.body);
    // A customer's saved language is applied when the storefront has it.
    const lang = sent.body.user.lang;
    if (lang && isSupportedLocale(lang) && lang !== locale) {
      navigate(switchLocaleHref({ pathname: location.pathname, search: "" }, lang), { replace: true });
      return;
    }
    await revalidator.revalidate();
    // Checkout asked for the sign-in: go back to it, a new customer naming themselves first, before
    // the order is placed (docs/decisions/0110-the-name-at-checkout.md).
    if (takeWantedCheckout()) {
      navigate(`/${locale}/cart${sent.body.user.name ? "" : "?modal=AuthNameModal"}`, { replace: true });
      return;
    }
    // Then a name, then a delivery address, for a customer who has none yet.
    await nextStep(sent.body.user, close);
  };

  const field =
    "min-h-12 w-full rounded-2xl border border-line bg-white px-4 text-lg tracking-wide focus:border-brand";
  return (
    <Modal title={t("auth.title")} onClose={close} dismissOnBackdrop={false}>
      {step === "phone" ? (
        <form
          className="grid gap-4 p-5"
          onSubmit={(event) => {
            event.preventDefault();
            void sendCode();
          }}
        >
          <p className="text-ink-soft">{t("auth.phone.hint")}</p>
          <label className="grid gap-1.5">
            <span className="font-medium">{t("auth.phone.label")}</span>
            <input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              value={phone}
              onChange={(event) =>
                setPhone(
                  new AsYouType(country).input(
                    event.target.value.startsWith("+") ? event.target.value : `+${event.target.value}`,
                  ),
                )
              }
              className={field}
              required
            />
          </label>
          <StateButton
            type="submit"
            state={busy ? "loading" : "ready"}
            disabled={phoneDigits(phone).length < 8}
            className="min-h-12 rounded-full bg-brand font-medium text-brand-ink disabled:opacity-50"
          >
            {t("auth.phone.send")}
          </StateButton>
          <button
            type="button"
            className="min-h-11 text-sm text-ink-soft underline"
            onClick={() => {
              // Anonymity is kept for the browser tab (session storage), as the spec says.
              sessionStorage.setItem("anonymous", "true");
              close();
            }}
          >
            {t("auth.anonymous")}
          </button>
        </form>
      ) : (
        <form
          className="grid gap-4 p-5"
          onSubmit={(event) => {
            event.preventDefault();
            void signIn();
          }}
        >
          <p className="text-ink-soft">
            {t("auth.code.sentTo")} <Ltr className="font-medium text-ink">{phone}</Ltr>
          </p>
          <label className="grid gap-1.5">
            <span className="font-medium">{t("auth.code.label")}</span>
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={`\\d{${codeLength}}`}
              maxLength={codeLength}
              dir="ltr"
              value={code}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, ""));
                setCodeError(null);
              }}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? "code-error" : undefined}
              className={`${field} text-center text-2xl tracking-[0.5em]`}
              required
            />
          </label>
          {codeError && (
            <p id="code-error" role="alert" className="text-sm text-red-700">
              {codeError}
            </p>
          )}
          <StateButton
            type="submit"
            state={busy ? "loading" : "ready"}
            disabled={code.length < codeLength}
            className="min-h-12 rounded-full bg-brand font-medium text-brand-ink disabled:opacity-50"
          >
            {t("auth.code.signIn")}
          </StateButton>
          <div className="flex items-center justify-between text-sm">
            <button
              type="button"
              className="min-h-11 text-ink-soft underline"
              onClick={() => setStep("phone")}
            >
              {t("auth.code.changePhone")}
            </button>
            {wait > 0 ? (
              <span className="text-ink-soft" aria-live="polite">
                {t("auth.code.resendIn", { seconds: wait })}
              </span>
            ) : (
              <button
                type="button"
                className="min-h-11 font-medium text-brand"
                onClick={() => void sendCode()}
              >
                {t("auth.code.resend")}
              </button>
            )}
          </div>
        </form>
      )}
      {/* Firebase's invisible reCAPTCHA, where the locality signs in with Firebase. */}
      {firebaseSettings && <div ref={challenge} />}
      <Snackbar message={toast} onClose={closeToast} />
    </Modal>
  );
}
