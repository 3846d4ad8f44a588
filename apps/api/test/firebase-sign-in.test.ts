import http from "node:http";
import type { AddressInfo } from "node:net";
import { adminEndpoints, type Endpoint, endpoints } from "@storefront/domain/contract";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firebaseTokenVerifier } from "../src/accounts/firebase-sign-in.ts";
import { loadConfig } from "../src/config.ts";
import { DEMO, startTestApp, type TestApp } from "./harness.ts";
import { adminPath, apiPath } from "./paths.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const PROJECT = "dostavka-demo-firebase";
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Google's part: a key pair, and its public half published as a JWKS over HTTP. */
const google = await generateKeyPair("RS256");
const stranger = await generateKeyPair("RS256");
let jwks: JWK[] = [];
const keyServer = http.createServer((_request, response) => {
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify({ keys: jwks }));
});

const KEY = "super-admin-key-of-the-firebase-tests-0123456789";
/** The project's web app, as the operator copies it from Firebase's console. */
const WEB_APP = {
  projectId: PROJECT,
  apiKey: "AIzaSyDemoKeyOfTheFirebaseTests01",
  authDomain: `${PROJECT}.firebaseapp.com`,
};

let t: TestApp;
const operator = (endpoint: Endpoint, payload?: object) =>
  t.app.inject({
    method: endpoint.method,
    url: adminPath(endpoint),
    headers: { authorization: `Bearer ${KEY}`, "accept-language": "en" },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  jwks = [{ ...(await exportJWK(google.publicKey)), kid: "google-1", alg: "RS256", use: "sig" }];
  await new Promise<void>((resolve) => keyServer.listen(0, "127.0.0.1", resolve));
  const { port } = keyServer.address() as AddressInfo;
  t = await startTestApp({ now: NOW, firebaseJwksUrl: `http://127.0.0.1:${port}/jwks`, superAdminKey: KEY });
  // The operator has Kyiv's customers sign in with Firebase; Riga keeps the SMS codes.
  const set = await operator(adminEndpoints.partnerFirebase("demo", "PUT"), { ...WEB_APP, cities: ["kyiv"] });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  keyServer.close();
});

/** A Firebase ID token of a phone sign-in, as Firebase issues it; each part can be spoilt. */
function idToken(
  claims: Record<string, unknown> = {},
  options: {
    key?: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
    kid?: string;
    project?: string;
    issuedAt?: Date;
    expiresAt?: Date;
  } = {},
) {
  const project = options.project ?? PROJECT;
  const issuedAt = options.issuedAt ?? new Date(NOW.getTime() - 60_000);
  return new SignJWT({ phone_number: "+380671234567", auth_time: seconds(issuedAt), ...claims })
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "google-1" })
    .setIssuer(`https://securetoken.google.com/${project}`)
    .setAudience(project)
    .setSubject("firebase-uid-1")
    .setIssuedAt(seconds(issuedAt))
    .setExpirationTime(seconds(options.expiresAt ?? new Date(issuedAt.getTime() + 3_600_000)))
    .sign(options.key ?? google.privateKey);
}

const firebaseAuth = (token: string, localityCode = "kyiv", headers: Record<string, string> = {}) =>
  t.app.inject({
    method: endpoints.auth.firebaseLogin().method,
    url: apiPath(endpoints.auth.firebaseLogin()),
    headers: { ...DEMO, ...headers },
    payload: { token, localityCode },
  });

describe("sign-in with a Firebase ID token", () => {
  it("signs in the customer whose phone Firebase confirmed, with a session", async () => {
    const response = await firebaseAuth(await idToken());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ phone: "380671234567" });
    const cookie = String(response.headers["set-cookie"]).split(";")[0] as string;
    const me = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.me()),
      headers: { ...DEMO, cookie },
    });
    expect(me.json().phone).toBe("380671234567");

    const native = await firebaseAuth(await idToken(), "kyiv", { "x-platform": "ios" });
    expect(native.json().token).toMatch(/^[\w-]{40,}$/);
  });

  it("tells the storefront the project's web settings where Firebase is the provider", async () => {
    const params = async (code: string) =>
      (
        await t.app.inject({ method: "GET", url: apiPath(endpoints.localities.params(code)), headers: DEMO })
      ).json();
    expect(await params("kyiv")).toMatchObject({
      customerAuthOtpProvider: "FIREBASE",
      customerFirebaseOTPSettings: { projectId: PROJECT },
    });
    expect(await params("riga")).toMatchObject({
      customerAuthOtpProvider: "INTERNAL",
      customerFirebaseOTPSettings: null,
    });
  });

  it("is set by the deployment's operator per city, and taken back for SMS codes everywhere", async () => {
    const shown = await operator(adminEndpoints.partnerFirebase("demo"));
    expect(shown.json()).toMatchObject({ code: "demo", firebase: WEB_APP });
    expect(shown.json().cities).toContainEqual({ localityCode: "kyiv", name: "Kyiv", signIn: "FIREBASE" });
    expect(shown.json().cities).toContainEqual({ localityCode: "riga", name: "Riga", signIn: "INTERNAL" });
    const unknown = await operator(adminEndpoints.partnerFirebase("demo", "PUT"), {
      ...WEB_APP,
      cities: ["atlantis"],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      { field: "cities", message: "the partner has no city 'atlantis'" },
    ]);
    const badKey = await operator(adminEndpoints.partnerFirebase("demo", "PUT"), {
      ...WEB_APP,
      apiKey: "x",
      cities: ["kyiv"],
    });
    expect(badKey.statusCode).toBe(400);
    expect(JSON.stringify(badKey.json())).toContain("apiKey");
    expect((await operator(adminEndpoints.partnerFirebase("nobody"))).statusCode).toBe(404);

    const removed = await operator(adminEndpoints.partnerFirebase("demo", "DELETE"));
    expect(removed.json().firebase).toBeNull();
    const params = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.localities.params("kyiv")),
      headers: DEMO,
    });
    expect(params.json()).toMatchObject({
      customerAuthOtpProvider: "INTERNAL",
      customerFirebaseOTPSettings: null,
    });
    expect((await firebaseAuth(await idToken())).json().type).toBe("FirebaseAuthDisabledException");
    await operator(adminEndpoints.partnerFirebase("demo", "PUT"), { ...WEB_APP, cities: ["kyiv"] });
  });

  it.each([
    ["signed by a key that is not Google's", () => idToken({}, { key: stranger.privateKey })],
    ["for another Firebase project", () => idToken({}, { project: "someone-elses-project" })],
    ["expired", () => idToken({}, { issuedAt: new Date(NOW.getTime() - 7_200_000) })],
    ["without a phone", () => idToken({ phone_number: undefined })],
    ["signed in after now", () => idToken({ auth_time: seconds(NOW) + 600 })],
  ])("refuses a token %s", async (_what, make) => {
    const response = await firebaseAuth(await make());
    expect(response.statusCode).toBe(401);
    expect(response.json().type).toBe("InvalidFirebaseTokenException");
  });

  it("refuses an unsigned token", async () => {
    const payload = (await idToken()).split(".")[1];
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`;
    const response = await firebaseAuth(unsigned);
    expect(response.statusCode).toBe(401);
  });

  it("is refused where the locality uses SMS codes, even with a good token", async () => {
    const response = await firebaseAuth(await idToken(), "riga");
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe("FirebaseAuthDisabledException");
  });

  it("answers 404 for an unknown locality", async () => {
    expect((await firebaseAuth(await idToken(), "atlantis")).statusCode).toBe(404);
  });

  it("answers 503, to retry, when Google's keys cannot be fetched", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const verifier = firebaseTokenVerifier(`http://127.0.0.1:${port}/jwks`);
    await expect(verifier.verify(PROJECT, await idToken(), NOW)).rejects.toMatchObject({
      status: 503,
      type: "FirebaseUnavailableException",
    });
  });
});

describe("Firebase's Auth Emulator", () => {
  it("is taken outside production only, and shown to the storefront with the project's settings", async () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }).firebaseAuthEmulatorHost).toBe(
      "127.0.0.1:9099",
    );
    expect(() =>
      loadConfig({ NODE_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }),
    ).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: an emulator accepts any phone without a code: never in production/,
    );
    expect(() => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: "http://127.0.0.1:9099" })).toThrow(/host:port/);
  });
});
