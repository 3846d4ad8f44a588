import { FirebaseError, initializeApp } from "@firebase/app";
import {
  type ConfirmationResult,
  connectAuthEmulator,
  getAuth,
  RecaptchaVerifier,
  signInWithPhoneNumber,
} from "@firebase/auth";
import type { MessageKey } from "./i18n.ts";

/**
 * Phone sign-in with Firebase (foundations §3, a locality whose customerAuthOtpProvider is FIREBASE):
 * Firebase sends the SMS code and checks it, and answers with an ID token the API signs the customer
 * in with. Imported only by the sign-in modal of such a locality, so no other page loads the SDK.
 */
export interface FirebasePhone {
  /** Sends a code to the phone (international digits, no plus); null, or what to tell the customer. */
  send(phoneDigits: string): Promise<MessageKey | null>;
  /** Checks the code Firebase sent: the ID token of the signed-in phone, or what to tell the customer. */
  confirm(code: string): Promise<{ idToken: string } | { failure: MessageKey }>;
}

/** The partner's Firebase web settings (customerFirebaseOTPSettings). */
export type FirebaseWebSettings = Record<string, string>;

export function firebasePhone(
  settings: FirebaseWebSettings,
  lang: string,
  /** Where Firebase's invisible reCAPTCHA is put: an element of the modal. */
  challenge: HTMLElement,
): FirebasePhone {
  const app = initializeApp(
    { apiKey: settings.apiKey, authDomain: settings.authDomain, projectId: settings.projectId },
    `storefront-${settings.projectId}`,
  );
  const auth = getAuth(app);
  auth.languageCode = lang;
  if (settings.emulatorUrl) {
    // The Auth Emulator of a test or a local trial: it shows its codes rather than sending them, and
    // needs no reCAPTCHA (it is never given in production: the API refuses to start with it).
    connectAuthEmulator(auth, settings.emulatorUrl, { disableWarnings: true });
    auth.settings.appVerificationDisabledForTesting = true;
  }
  const verifier = new RecaptchaVerifier(auth, challenge, { size: "invisible" });
  let confirmation: ConfirmationResult | null = null;
  return {
    async send(phoneDigits) {
      try {
        confirmation = await signInWithPhoneNumber(auth, `+${phoneDigits}`, verifier);
        return null;
      } catch (error) {
        return sendFailure(error);
      }
    },
    async confirm(code) {
      if (!confirmation) return { failure: "auth.code.expired" };
      try {
        const credential = await confirmation.confirm(code);
        return { idToken: await credential.user.getIdToken() };
      } catch (error) {
        return { failure: codeFailure(error) };
      }
    },
  };
}

/** What the customer is told when Firebase refuses to send a code. */
function sendFailure(error: unknown): MessageKey {
  const code = error instanceof FirebaseError ? error.code : "";
  if (code === "auth/invalid-phone-number" || code === "auth/missing-phone-number")
    return "auth.phone.invalid";
  if (code === "auth/too-many-requests" || code === "auth/quota-exceeded") return "auth.toast.rateLimit";
  return "auth.toast.generic";
}

/** What the customer is told when Firebase refuses the code. */
function codeFailure(error: unknown): MessageKey {
  const code = error instanceof FirebaseError ? error.code : "";
  if (code === "auth/invalid-verification-code" || code === "auth/missing-verification-code")
    return "auth.code.invalid";
  if (code === "auth/code-expired" || code === "auth/session-expired") return "auth.code.expired";
  if (code === "auth/too-many-requests") return "auth.code.attemptsUsedUp";
  return "auth.toast.generic";
}
