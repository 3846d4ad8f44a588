import { importPKCS8, SignJWT } from "jose";
import { MessageNotSentError, MessageRefusedError, type MessageSender } from "./messages.ts";

/** The fields of a Firebase service account's JSON key that sending needs. */
export interface FcmServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  /** Where the OAuth token is asked for (Google's, or a stand-in's in tests). */
  token_uri: string;
}

/**
 * A service account's JSON key as Google gives it (the file's text): its fields that sending needs,
 * or an error naming those it lacks.
 */
export function parseServiceAccount(json: string): FcmServiceAccount {
  let key: Partial<Record<keyof FcmServiceAccount, unknown>>;
  try {
    key = JSON.parse(json) as typeof key;
  } catch {
    throw new Error("the service account's key is not JSON");
  }
  if (typeof key !== "object" || key === null)
    throw new Error("the service account's key is not a JSON object");
  const fields = ["project_id", "client_email", "private_key", "token_uri"] as const;
  const absent = fields.filter((field) => typeof key[field] !== "string" || key[field] === "");
  if (absent.length > 0) throw new Error(`the service account's key lacks ${absent.join(", ")}`);
  return {
    project_id: key.project_id as string,
    client_email: key.client_email as string,
    private_key: key.private_key as string,
    token_uri: key.token_uri as string,
  };
}

export interface FcmSettings {
  account: FcmServiceAccount;
  /** FCM_API_URL: https://fcm.googleapis.com, or a stand-in. */
  apiUrl: string;
}

/** FCM's HTTP v1 API, the default of FCM_API_URL. */
export const FCM_API = "https://fcm.googleapis.com";
/** Google's OAuth token endpoint, the token_uri of every service account key it gives. */
export const GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token";
const SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
/** A token is asked for again this long before it expires. */
const EARLY_MS = 60_000;
const TIMEOUT_MS = 10_000;

/** What a status push carries in the outbox: the spec's payload and what the phone shows. */
interface PushPayload {
  type: string;
  orderID: number;
  status: string;
  title?: string;
  body?: string;
}

/**
 * Native pushes through Firebase Cloud Messaging's HTTP v1 API. The OAuth token comes from the
 * service account's own `token_uri` (a JWT signed with its key, RFC 7523), kept until just before it
 * expires. A device FCM no longer knows (UNREGISTERED) is handed to `forget` and the message is
 * refused for good; any other failure is tried again by the outbox.
 */
export function fcmSender(
  settings: FcmSettings,
  forget: (token: string) => Promise<void>,
): MessageSender & { projectId: string; signIn(): Promise<void> } {
  const { account } = settings;
  let cached: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && Date.now() < cached.until) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(account.client_email)
      .setAudience(account.token_uri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await importPKCS8(account.private_key, "RS256"));
    const answer = await call(account.token_uri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
    });
    if (!answer.ok) {
      const refusal = answer.status === 400 || answer.status === 401 ? await oauthErrorOf(answer) : null;
      if (refusal) throw new FcmKeyRefusedError(`FCM's token endpoint refused the key (${refusal})`);
      throw new MessageNotSentError(`FCM's token endpoint answered ${answer.status}`);
    }
    const { access_token, expires_in } = (await answer.json()) as {
      access_token: string;
      expires_in: number;
    };
    cached = { token: access_token, until: Date.now() + expires_in * 1000 - EARLY_MS };
    return access_token;
  }

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      // fetch's TypeError says little; its cause names the network's refusal (ECONNREFUSED, …).
      const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
      throw new MessageNotSentError(`FCM could not be reached (${cause ?? (error as Error).name})`);
    }
  }

  return {
    projectId: account.project_id,
    /** Asks for an OAuth token: throws when Google (or the token_uri) refuses the key. */
    async signIn() {
      cached = null;
      await accessToken();
    },
    async send(message) {
      const payload = JSON.parse(message.text) as PushPayload;
      const answer = await call(
        `${settings.apiUrl.replace(/\/$/, "")}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`,
        {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${await accessToken()}` },
          body: JSON.stringify({
            message: {
              token: message.to,
              ...(payload.title ? { notification: { title: payload.title, body: payload.body ?? "" } } : {}),
              // Data values are strings in FCM: the app reads the spec's payload from them on a tap.
              data: { type: payload.type, orderID: String(payload.orderID), status: payload.status },
              android: { priority: "HIGH" },
            },
          }),
        },
      );
      if (answer.ok) return;
      if (answer.status === 401) cached = null;
      const code = await errorCodeOf(answer);
      if (code === "UNREGISTERED" || (answer.status === 404 && code === "NOT_FOUND")) {
        await forget(message.to);
        throw new MessageRefusedError(`FCM: the device is no longer registered (${code})`);
      }
      // The device's app is another Firebase project's: this account will never reach it.
      if (code === "SENDER_ID_MISMATCH")
        throw new MessageRefusedError(
          `FCM: the device's app is not of project ${account.project_id} (${code})`,
        );
      throw new MessageNotSentError(`FCM answered ${answer.status}${code ? ` ${code}` : ""}`);
    },
  };
}

/**
 * Google's token endpoint refused the service account's key (revoked, another key, a clock too far
 * off): a message is still tried again, as the key may be mended; a key being set is refused.
 */
export class FcmKeyRefusedError extends MessageNotSentError {}

/** An OAuth refusal's code (RFC 6749 §5.2: invalid_grant, …), or null. */
async function oauthErrorOf(answer: Response): Promise<string | null> {
  try {
    const body = (await answer.json()) as { error?: unknown };
    return typeof body.error === "string" ? body.error : null;
  } catch {
    return null;
  }
}

/** FCM's error code: the FcmError detail's errorCode, else the Google API status. */
async function errorCodeOf(answer: Response): Promise<string | null> {
  try {
    const body = (await answer.json()) as {
      error?: { status?: string; details?: Array<{ "@type"?: string; errorCode?: string }> };
    };
    const detail = body.error?.details?.find((d) => d["@type"]?.endsWith("FcmError"));
    return detail?.errorCode ?? body.error?.status ?? null;
  } catch {
    return null;
  }
}
