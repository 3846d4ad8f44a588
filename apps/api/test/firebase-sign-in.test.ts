import http from "node:http";
import type { AddressInfo } from "node:net";
import { endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firebaseTokenVerifier } from "../src/accounts/firebase-sign-in.ts";
import { localities, partners } from "../src/db/schema.ts";
import { DEMO, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

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

let t: TestApp;
beforeAll(async () => {
  jwks = [{ ...(await exportJWK(google.publicKey)), kid: "google-1", alg: "RS256", use: "sig" }];
  await new Promise<void>((resolve) => keyServer.listen(0, "127.0.0.1", resolve));
  const { port } = keyServer.address() as AddressInfo;
  t = await startTestApp({ now: NOW, firebaseJwksUrl: `http://127.0.0.1:${port}/jwks` });
  // Kyiv's customers sign in with Firebase; Riga keeps the SMS codes.
  const db = t.database.db;
  const [demo] = await db.select().from(partners).where(eq(partners.code, "demo"));
  if (!demo) throw new Error("the demo partner is seeded");
  await db
    .update(partners)
    .set({
      settings: {
        ...demo.settings,
        firebase: { projectId: PROJECT, apiKey: "demo-key", authDomain: "demo" },
      },
    })
    .where(eq(partners.id, demo.id));
  const [kyiv] = await db.select().from(localities).where(eq(localities.code, "kyiv"));
  if (!kyiv) throw new Error("Kyiv is seeded");
  await db
    .update(localities)
    .set({ params: { ...kyiv.params, customerAuthOtpProvider: "FIREBASE" } })
    .where(eq(localities.id, kyiv.id));
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
