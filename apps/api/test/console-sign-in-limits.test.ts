import { STAFF_ACCOUNT_SLOWDOWN, STAFF_ADDRESS_SLOWDOWN } from "@storefront/domain";
import { consoleEndpoints, devEndpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/console/passwords.ts";
import {
  forgetQuietAddresses,
  forgetQuietUnknownEmails,
} from "../src/console/sign-in-attempts-repository.ts";
import { createStaffMember } from "../src/console/staff-repository.ts";
import { staffSignInAddresses, staffSignInUnknownEmails } from "../src/db/schema.ts";
import { STAFF_PASSWORD } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { consolePath, devPath } from "./paths.ts";

/**
 * What an attacker guessing console passwords meets: limits taken before the password is checked,
 * so a burst of parallel guesses gets no more checks than the same guesses one by one.
 */
let t: TestApp;
let clock = new Date("2026-11-23T12:00:00Z");
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
let demoPartnerId = 0;

beforeAll(async () => {
  t = await startTestApp({ clock: () => clock });
  const [owner] = await t.database.db.query.partners.findMany({ where: (p, { eq }) => eq(p.code, "demo") });
  demoPartnerId = (owner as { id: number }).id;
});
afterAll(() => t.close());

let addressSeed = 1;
/** A fresh network address, as an attacker rotating addresses would have. */
const newAddress = () => `10.66.${Math.floor(addressSeed / 250)}.${(addressSeed++ % 250) + 1}`;

let memberSeed = 1;
/** A new member of the demo partner with STAFF_PASSWORD: their e-mail. */
async function newMember(): Promise<string> {
  const email = `guessed-${memberSeed++}@limits.example`;
  await createStaffMember(t.database.db, {
    partnerId: demoPartnerId,
    email,
    name: email,
    role: "MANAGER",
    passwordHash: await hashPassword(STAFF_PASSWORD),
  });
  return email;
}

async function signIn(email: string, password: string, address = newAddress()) {
  const answer = await t.app.inject({
    method: "POST",
    url: consolePath(consoleEndpoints.signIn()),
    payload: { email, password },
    remoteAddress: address,
  });
  return {
    status: answer.statusCode,
    type: answer.json().type as string | undefined,
    retryAfter: Number(answer.headers["retry-after"] ?? Number.NaN),
  };
}

/** How many answers of each kind a burst got. */
const tally = (answers: Array<{ status: number; type?: string | undefined }>) => {
  const counts: Record<string, number> = {};
  for (const { status, type } of answers) {
    const key = status === 200 ? "signed in" : `${status} ${type}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

const WRONG = "401 InvalidCredentialsException";
const ACCOUNT_WAITS = "429 AccountLockedException";
const ADDRESS_WAITS = "429 TooManyRequestsException";

describe("one account under a burst of guesses", () => {
  it("checks 5 of 16 parallel wrong passwords, and then refuses a burst of 15 wrong and the right one", async () => {
    const email = await newMember();
    const first = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn(email, `guess ${i}`)));
    expect(tally(first)).toEqual({ [WRONG]: 5, [ACCOUNT_WAITS]: 11 });
    for (const refused of first.filter((answer) => answer.status === 429))
      expect(refused.retryAfter).toBe(30);

    const guesses = [...Array.from({ length: 15 }, (_, i) => `again ${i}`), STAFF_PASSWORD];
    const second = await Promise.all(guesses.map((password) => signIn(email, password)));
    expect(tally(second)).toEqual({ [ACCOUNT_WAITS]: 16 });
  });

  it("gives a burst of 31 after 4 wrong passwords one check", async () => {
    const email = await newMember();
    for (let i = 0; i < 4; i += 1) expect((await signIn(email, `guess ${i}`)).status).toBe(401);
    const burst = await Promise.all(Array.from({ length: 31 }, (_, i) => signIn(email, `burst ${i}`)));
    expect(tally(burst)).toEqual({ [WRONG]: 1, [ACCOUNT_WAITS]: 30 });
  });

  it("makes each attempt past five wait longer, 30 s doubling to 15 min, and the right password after a wait starts over", async () => {
    const email = await newMember();
    for (let i = 0; i < STAFF_ACCOUNT_SLOWDOWN.freeFailures; i += 1)
      expect((await signIn(email, `guess ${i}`)).status).toBe(401);
    for (const wait of [30, 60, 120, 240, 480, 900, 900]) {
      const held = await signIn(email, STAFF_PASSWORD);
      expect([held.status, held.type, held.retryAfter]).toEqual([429, "AccountLockedException", wait]);
      advance(wait - 1);
      expect((await signIn(email, STAFF_PASSWORD)).retryAfter).toBe(1);
      advance(1);
      expect((await signIn(email, "one more guess")).status).toBe(401);
    }
    advance(900);
    expect((await signIn(email, STAFF_PASSWORD)).status).toBe(200);
    // Signed in: the wrong passwords before count no more.
    for (let i = 0; i < STAFF_ACCOUNT_SLOWDOWN.freeFailures; i += 1)
      expect((await signIn(email, `typo ${i}`)).status).toBe(401);
    expect((await signIn(email, STAFF_PASSWORD)).status).toBe(429);
  });

  it("lets the account's owner lift the wait at once with a new password from the e-mailed link", async () => {
    const email = await newMember();
    for (let i = 0; i < STAFF_ACCOUNT_SLOWDOWN.freeFailures; i += 1) await signIn(email, `guess ${i}`);
    // The wait runs, against the right password too.
    expect((await signIn(email, STAFF_PASSWORD)).status).toBe(429);

    const asked = await t.app.inject({
      method: "POST",
      url: consolePath(consoleEndpoints.passwordReset()),
      payload: { email },
    });
    expect(asked.statusCode).toBe(204);
    const outbox = await t.app.inject({
      method: "GET",
      url: devPath(devEndpoints.outbox({ to: email })),
    });
    const token = /\?token=([\w-]+)/.exec(outbox.json()[0].text)?.[1];
    const set = await t.app.inject({
      method: "POST",
      url: consolePath(consoleEndpoints.password()),
      payload: { token, password: "the owner's new password" },
    });
    expect(set.statusCode).toBe(200);
    expect((await signIn(email, "the owner's new password")).status).toBe(200);
  });
});

describe("an e-mail that is no member's", () => {
  /** Six wrong passwords for an e-mail, each from an address of its own: what each answers. */
  async function sixGuesses(email: string) {
    const answers: Array<[number, string | undefined, number]> = [];
    for (let i = 0; i <= STAFF_ACCOUNT_SLOWDOWN.freeFailures; i += 1) {
      const { status, type, retryAfter } = await signIn(email, `guess ${i}`);
      answers.push([status, type, retryAfter]);
    }
    return answers;
  }

  it("waits after five wrong passwords as a member's account does: the wait tells no member apart", async () => {
    const asMember = await sixGuesses(await newMember());
    expect(asMember.at(-1)).toEqual([429, "AccountLockedException", 30]);
    const stranger = `stranger-${memberSeed++}@limits.example`;
    expect(await sixGuesses(stranger)).toEqual(asMember);
    // However it is written.
    expect((await signIn(stranger.toUpperCase(), "guess")).type).toBe("AccountLockedException");
  });

  it("is forgotten after 30 days without a failure, and kept by the e-mail's hash only", async () => {
    const stranger = `forgotten-stranger-${memberSeed++}@limits.example`;
    await signIn(stranger, "guess");
    const rows = async () => (await t.database.db.select().from(staffSignInUnknownEmails)).length;
    const kept = await t.database.db.select().from(staffSignInUnknownEmails);
    expect(JSON.stringify(kept)).not.toContain("stranger");
    const before = await rows();
    expect(before).toBeGreaterThan(0);
    advance(30 * 24 * 60 * 60 - 1);
    await forgetQuietUnknownEmails(t.database.db, clock);
    expect(await rows()).toBe(before);
    advance(1);
    await forgetQuietUnknownEmails(t.database.db, clock);
    expect(await rows()).toBe(0);
  });
});

describe("one address across accounts (password spraying)", () => {
  it("holds an address back after 20 failed sign-ins across accounts and unknown e-mails, even with a right password; another address is not held", async () => {
    const sprayer = newAddress();
    const victims = await Promise.all(Array.from({ length: 10 }, () => newMember()));
    for (const email of victims) expect((await signIn(email, "Summer2026!", sprayer)).status).toBe(401);
    for (let i = 0; i < 10; i += 1)
      expect((await signIn(`nobody-${i}@limits.example`, "Summer2026!", sprayer)).status).toBe(401);

    const held = await signIn(victims[0] as string, STAFF_PASSWORD, sprayer);
    expect([held.status, held.type, held.retryAfter]).toEqual([429, "TooManyRequestsException", 30]);
    // Each account took one wrong password only: from elsewhere its member signs in.
    expect((await signIn(victims[0] as string, STAFF_PASSWORD)).status).toBe(200);
    advance(30);
    expect((await signIn(victims[1] as string, "Winter2026!", sprayer)).status).toBe(401);
    expect((await signIn(victims[2] as string, "Winter2026!", sprayer)).retryAfter).toBe(60);
  });

  it("holds a sprayer changing its IPv6 address within its /64 as one address", async () => {
    const victim = await newMember();
    for (let i = 1; i <= 20; i += 1)
      expect((await signIn(`nobody-${i}@limits.example`, "Summer2026!", `2001:db8:66::${i}`)).status).toBe(
        401,
      );
    const held = await signIn(victim, STAFF_PASSWORD, "2001:db8:66:0:ffff::1");
    expect([held.status, held.type]).toEqual([429, "TooManyRequestsException"]);
    expect((await signIn(victim, STAFF_PASSWORD, "2001:db8:67::1")).status).toBe(200);
  });

  it("gives a parallel burst of 30 across accounts from one address 20 checks", async () => {
    const sprayer = newAddress();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(`sprayed-${i}@limits.example`, "Summer2026!", sprayer)),
    );
    expect(tally(burst)).toEqual({
      [WRONG]: STAFF_ADDRESS_SLOWDOWN.freeFailures,
      [ADDRESS_WAITS]: 30 - STAFF_ADDRESS_SLOWDOWN.freeFailures,
    });
  });

  it("counts nothing against an office address for right passwords", async () => {
    const office = newAddress();
    const email = await newMember();
    for (let i = 0; i <= STAFF_ADDRESS_SLOWDOWN.freeFailures; i += 1)
      expect((await signIn(email, STAFF_PASSWORD, office)).status).toBe(200);
  });

  it("forgets an address's failures after an hour without one", async () => {
    const sprayer = newAddress();
    for (let i = 0; i < STAFF_ADDRESS_SLOWDOWN.freeFailures; i += 1)
      await signIn(`forgotten-${i}@limits.example`, "Summer2026!", sprayer);
    expect((await signIn("forgotten@limits.example", "Summer2026!", sprayer)).status).toBe(429);
    advance(60 * 60);
    expect((await signIn("forgotten@limits.example", "Summer2026!", sprayer)).status).toBe(401);
    expect((await signIn("forgotten@limits.example", "Summer2026!", sprayer)).status).toBe(401);
  });

  it("keeps no row of an address quiet for an hour, and keeps the rows still counting", async () => {
    const quiet = newAddress();
    await signIn("quiet@limits.example", "Summer2026!", quiet);
    advance(30 * 60);
    const recent = newAddress();
    await signIn("recent@limits.example", "Summer2026!", recent);
    advance(30 * 60);
    await forgetQuietAddresses(t.database.db, clock);
    const kept = (await t.database.db.select().from(staffSignInAddresses)).map((row) => row.address);
    expect(kept).toContain(recent);
    expect(kept).not.toContain(quiet);
  });
});
