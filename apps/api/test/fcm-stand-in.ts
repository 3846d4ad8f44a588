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
  /** The same, with the project each was sent from. */
  deliveries: Array<{ project: string; message: FcmMessage }>;
  /** Another Firebase project (a brand's own app): a service account of its own, known here too. */
  addProject(project: string): Promise<FcmServiceAccount>;
  /** A device whose app registered with `project`: FCM refuses it from another (SENDER_ID_MISMATCH). */
  registerDevice(token: string, project: string): void;
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
export async function startFcmStandIn(options: { port?: number } = {}): Promise<FcmStandIn> {
  /** Each service account it knows, by its e-mail: its project and its public key. */
  const accounts = new Map<string, { project: string; keys: ReturnType<typeof createLocalJWKSet> }>();
  /** The access tokens it gave out, and the project of each. */
  const issued = new Map<string, string>();
  const devices = new Map<string, string>();
  const unregistered = new Set<string>();
  const delivered: FcmMessage[] = [];
  const deliveries: Array<{ project: string; message: FcmMessage }> = [];
  let down = false;
  let url = "";

  /** A new service account of `project`, with a key of its own. */
  async function account(project: string): Promise<FcmServiceAccount> {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const clientEmail = `push@${project}.iam.gserviceaccount.com`;
    accounts.set(clientEmail, {
      project,
      keys: createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: "RS256" }] }),
    });
    return {
      project_id: project,
      client_email: clientEmail,
      private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      token_uri: `${url}/token`,
    };
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
      return googleError(response, 400, "INVALID_ARGUMENT", "unsupported_grant_type");
    let project: string;
    try {
      const assertion = form.get("assertion") ?? "";
      const issuer = String(
        JSON.parse(Buffer.from(assertion.split(".")[1] ?? "", "base64url").toString()).iss,
      );
      const known = accounts.get(issuer);
      if (!known) throw new Error("unknown account");
      const { payload } = await jwtVerify(assertion, known.keys, { issuer, audience: `${url}/token` });
      if (payload.scope !== SCOPE) throw new Error("scope");
      project = known.project;
    } catch {
      response.writeHead(400, { "content-type": "application/json" });
      return response.end(
        JSON.stringify({ error: "invalid_grant", error_description: "Invalid JWT Signature." }),
      );
    }
    const accessToken = `ya29.${randomBytes(24).toString("base64url")}`;
    issued.set(accessToken, project);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ access_token: accessToken, expires_in: 3599, token_type: "Bearer" }));
  }

  async function send(request: IncomingMessage, response: ServerResponse, project: string) {
    const body = await readBody(request);
    const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!issued.has(bearer))
      return googleError(response, 401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    if (issued.get(bearer) !== project)
      return googleError(response, 403, "PERMISSION_DENIED", "Permission denied on the project.");
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
    if ((devices.get(message.token) ?? project) !== project)
      return googleError(response, 403, "PERMISSION_DENIED", "SenderId mismatch", "SENDER_ID_MISMATCH");
    delivered.push(message);
    deliveries.push({ project, message });
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ name: `projects/${project}/messages/0:${Date.now()}` }));
  }

  /**
   * The stand-in's own door, as Firebase's console's "Generate new private key": a new service
   * account's JSON key file for a project (browser tests paste it on the operator's page).
   */
  async function newKey(response: ServerResponse, project: string) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ type: "service_account", ...(await account(project)) }, null, 2));
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://fcm.invalid").pathname;
    const sendPath = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
    const keyPath = /^\/stand-in\/projects\/([a-z][a-z0-9-]{4,29})\/keys$/.exec(path);
    const handled =
      request.method === "POST" && keyPath
        ? newKey(response, keyPath[1] ?? "")
        : request.method === "POST" && path === "/token"
          ? token(request, response)
          : request.method === "POST" && sendPath
            ? send(request, response, decodeURIComponent(sendPath[1] ?? ""))
            : Promise.resolve(googleError(response, 404, "NOT_FOUND", "Not found"));
    handled.catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    serviceAccount: await account(PROJECT),
    delivered,
    deliveries,
    addProject: account,
    registerDevice: (deviceToken, project) => devices.set(deviceToken, project),
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
