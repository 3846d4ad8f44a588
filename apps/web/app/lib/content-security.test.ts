import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, tileSource } from "./content-security.server.ts";

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(/;\s*/).map((part) => {
      const [name, ...sources] = part.split(" ");
      return [name as string, sources];
    }),
  );
}

const page = {
  nonce: "abc123",
  pageUrl: new URL("https://shop.example/en/riga"),
  apiBase: "/api",
  mapTileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  frameAncestors: ["'self'"],
};

describe("contentSecurityPolicy", () => {
  it("lets Firebase's phone sign-in and its reCAPTCHA in only where the locality signs in with Firebase", () => {
    const project = {
      projectId: "brand-shop",
      apiKey: "AIzaSyKey",
      authDomain: "brand-shop.firebaseapp.com",
    };
    const firebase = directives(contentSecurityPolicy({ ...page, firebase: project }));
    expect(firebase["script-src"]).toContain("https://www.google.com/recaptcha/");
    expect(firebase["connect-src"]).toContain("https://identitytoolkit.googleapis.com");
    expect(firebase["frame-src"]).toEqual([
      "https://www.google.com/recaptcha/",
      "https://recaptcha.google.com/recaptcha/",
      "https://brand-shop.firebaseapp.com",
    ]);
    // The Auth Emulator of a test: its origin only.
    const emulated = directives(
      contentSecurityPolicy({ ...page, firebase: { ...project, emulatorUrl: "http://127.0.0.1:9099" } }),
    );
    expect(emulated["connect-src"]).toContain("http://127.0.0.1:9099");
    expect(emulated["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(emulated["frame-src"]).toEqual(["'none'"]);
    const plain = directives(contentSecurityPolicy({ ...page, firebase: null }));
    expect(plain["connect-src"]).not.toContain("https://identitytoolkit.googleapis.com");
  });

  it("runs only this site's scripts and the page's own inline ones", () => {
    const policy = directives(contentSecurityPolicy(page));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'self'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'self'"]);
  });

  it("shows the API's pictures from its media origin (a CDN or a bucket) when it names one", () => {
    const policy = directives(
      contentSecurityPolicy({ ...page, mediaUrl: "https://media.shop.example/pictures" }),
    );
    expect(policy["img-src"]).toContain("https://media.shop.example");
    expect(policy["connect-src"]).not.toContain("https://media.shop.example");
    const none = directives(contentSecurityPolicy({ ...page, mediaUrl: null }));
    expect(none["img-src"]).toEqual(["'self'", "data:", "blob:", "https://tile.openstreetmap.org"]);
  });

  it("connects to the same origin and its tracking socket, and shows the partner's map tiles", () => {
    const policy = directives(contentSecurityPolicy(page));
    expect(policy["connect-src"]).toEqual(["'self'", "wss://shop.example"]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:", "https://tile.openstreetmap.org"]);
  });

  it("adds an API on another host, for data, sockets and pictures", () => {
    const policy = directives(
      contentSecurityPolicy({
        ...page,
        pageUrl: new URL("http://localhost:3000/en"),
        apiBase: "https://api.shop.example/api",
        logoUrl: "https://cdn.example/logo.svg",
        frameAncestors: ["'self'", "capacitor://localhost"],
      }),
    );
    expect(policy["connect-src"]).toEqual([
      "'self'",
      "https://api.shop.example",
      "ws://localhost:3000",
      "wss://api.shop.example",
    ]);
    expect(policy["img-src"]).toContain("https://api.shop.example");
    expect(policy["img-src"]).toContain("https://cdn.example");
    expect(policy["frame-ancestors"]).toEqual(["'self'", "capacitor://localhost"]);
  });

  it("reads the native app's releases where they are published, and nowhere else", () => {
    const elsewhere = contentSecurityPolicy({ ...page, updatesUrl: "https://releases.example/shop/updates" });
    expect(directives(elsewhere)["connect-src"]).toEqual([
      "'self'",
      "wss://shop.example",
      "https://releases.example",
    ]);
    const here = contentSecurityPolicy({ ...page, updatesUrl: null });
    expect(directives(here)["connect-src"]).toEqual(["'self'", "wss://shop.example"]);
  });

  it("frames only the partner's linked origins, and nothing without them", () => {
    expect(directives(contentSecurityPolicy(page))["frame-src"]).toEqual(["'none'"]);
    const framing = contentSecurityPolicy({ ...page, frameSources: ["https://legal.example"] });
    expect(directives(framing)["frame-src"]).toEqual(["https://legal.example"]);
  });
});

describe("tileSource", () => {
  it.each([
    ["https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"],
    ["https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", "https://*.tile.openstreetmap.org"],
    ["https://tiles-{s}.example/{z}/{x}/{y}.png", "https:"],
    ["javascript:alert(1)", null],
    [null, null],
  ])("%s is %s", (template, expected) => {
    expect(tileSource(template)).toBe(expected);
  });
});
