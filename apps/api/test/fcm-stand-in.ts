import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createLocalJWKSet, exportJWK, jwtVerify } from "jose";
import type { FcmServiceAccount } from "../src/accounts/fcm-sender.ts";
import { readBody } from "./http-body.ts";

/** A message FCM took: its HTTP v1 `message` object. */
export interface FcmMessage {
  token: string;
  notification?: { title: string; body: string };
  data?: Record<string, string>;
  android?: unknown;
}

export interface FcmStandIn {
  url: string;
  /** A service account whose key this stand-in knows and whose token_uri is its own. */
  serviceAccount: FcmServiceAccount;
  /** What it delivered, oldest first. */
  delivered: FcmMessage[];
  /** How many OAuth tokens it gave out. */
  tokensIssued(): number;
  /** Devices it no longer knows (the app was removed): a send to them is 404 UNREGISTERED. */
  unregister(token: string): void;
  /** An outage: every send answers 503 UNAVAILABLE. */
  setDown(down: boolean): void;
  /** A harder one: the server stops listening (connections refused) until `start`, on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const PROJECT = "dostavka-demo";
const SCOPE = "https://www.googleapis.com/auth/firebase.messaging";

/** Google's error body, as its APIs answer. */
function googleError(
  response: ServerResponse,
  code: number,
  status: string,
  message: string,
  errorCode?: string,
) {
  response.writeHead(code, { "content-type": "application/json; charset=UTF-8" });
  response.end(
    JSON.stringify({
      error: {
        code,
        message,
        status,
        ...(errorCode
          ? { details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }] }
          : {}),
      },
    }),
  );
}

/**
 * Firebase Cloud Messaging's HTTP v1 API and Google's OAuth token endpoint, at the network edge: the
 * token endpoint checks the service account's signed JWT (RFC 7523) with the key it made; the send
 * endpoint checks the bearer token and the message as FCM does, and answers FCM's errors.
 */
export async function startFcmStandIn(): Promise<FcmStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: "RS256" }] });
  const issued = new Set<string>();
  const unregistered = new Set<string>();
  const delivered: FcmMessage[] = [];
  let down = false;
  let url = "";
  const clientEmail = `push@${PROJECT}.iam.gserviceaccount.com`;

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
      return googleError(response, 400, "INVALID_ARGUMENT", "unsupported_grant_type");
    try {
      const { payload } = await jwtVerify(form.get("assertion") ?? "", keys, {
        issuer: clientEmail,
        audience: `${url}/token`,
      });
      if (payload.scope !== SCOPE) throw new Error("scope");
    } catch {
      response.writeHead(400, { "content-type": "application/json" });
      return response.end(
        JSON.stringify({ error: "invalid_grant", error_description: "Invalid JWT Signature." }),
      );
    }
    const accessToken = `ya29.${randomBytes(24).toString("base64url")}`;
    issued.add(accessToken);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ access_token: accessToken, expires_in: 3599, token_type: "Bearer" }));
  }

  async function send(request: IncomingMessage, response: ServerResponse, project: string) {
    const body = await readBody(request);
    const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!issued.has(bearer))
      return googleError(response, 401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    if (project !== PROJECT)
      return googleError(
        response,
        403,
        "PERMISSION_DENIED",
        "Permission denied on the project.",
        "SENDER_ID_MISMATCH",
      );
    if (down)
      return googleError(
        response,
        503,
        "UNAVAILABLE",
        "The service is currently unavailable.",
        "UNAVAILABLE",
      );
    const { message } = JSON.parse(body) as { message?: FcmMessage };
    if (!message?.token)
      return googleError(response, 400, "INVALID_ARGUMENT", "The message has no token.", "INVALID_ARGUMENT");
    const data = Object.values(message.data ?? {});
    if (data.some((value) => typeof value !== "string"))
      return googleError(
        response,
        400,
        "INVALID_ARGUMENT",
        "Invalid value at 'message.data'",
        "INVALID_ARGUMENT",
      );
    if (unregistered.has(message.token))
      return googleError(response, 404, "NOT_FOUND", "Requested entity was not found.", "UNREGISTERED");
    delivered.push(message);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ name: `projects/${project}/messages/0:${Date.now()}` }));
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://fcm.invalid").pathname;
    const sendPath = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
    const handled =
      request.method === "POST" && path === "/token"
        ? token(request, response)
        : request.method === "POST" && sendPath
          ? send(request, response, decodeURIComponent(sendPath[1] ?? ""))
          : Promise.resolve(googleError(response, 404, "NOT_FOUND", "Not found"));
    handled.catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    serviceAccount: {
      project_id: PROJECT,
      client_email: clientEmail,
      private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      token_uri: `${url}/token`,
    },
    delivered,
    tokensIssued: () => issued.size,
    unregister: (deviceToken) => unregistered.add(deviceToken),
    setDown: (value) => {
      down = value;
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    start: () => new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve())),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
