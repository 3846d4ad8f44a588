import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import webpush from "web-push";
import { hashToken } from "../accounts/sessions.ts";
import type { Database } from "../db/client.ts";
import { opsApiKeys, partners } from "../db/schema.ts";
import { ensureDemoStaff } from "./demo-staff.ts";
import { findInstallationSecret, insertInstallationSecretOnce } from "./installation-secrets-repository.ts";
import { DEMO_PARTNER, SUSPENDED_PARTNER } from "./partner.ts";

/**
 * The demo partner's secrets: the external sign-in secret and the ops API keys. They are made at
 * random once per installation and kept in its database, so no two installations share them, every
 * process of one finds them, and none is written in the code.
 */
export interface DemoSecrets {
  externalSignInSecret: string;
  opsKeys: { dispatch: string; courier: string };
  /** The password of the demo's console accounts (seed/demo-staff.ts). */
  staffPassword: string;
  /** The installation's VAPID keys: the demo sends real web push to its visitors' browsers. */
  vapid: { publicKey: string; privateKey: string };
}

export const DEMO_SECRETS_FILE = "demo-secrets.json";

/** The names the demo's ops keys are stored under, to find them again when the secrets change. */
export const DEMO_OPS_KEY_NAMES = { dispatch: "Demo dispatch (simulator)", courier: "Demo courier" } as const;

/**
 * The SHA-256 of the values earlier versions seeded for everyone to read in their code (the dispatch
 * and courier ops keys, the external sign-in secret). A production database that still holds one of
 * them has a door anyone can open. Only the hashes are kept, so no usable value is written here.
 */
const PUBLISHED_DEMO_SECRET_HASHES = [
  "3b92220db9a0ed78118fa3c51d66a245839f8a698460d31bb0813dfd72e8b29d",
  "0956b9830d56f140be58a891dbcac7ee2a2069a503d254148f41b26bdd89b23f",
  "4cdeac5e4bfa418c171c6f1d972a60303531a032103a121fb47b8a49f9241051",
];

export function makeDemoSecrets(): DemoSecrets {
  const random = () => randomBytes(24).toString("base64url");
  return {
    externalSignInSecret: random(),
    opsKeys: { dispatch: `dispatch_${random()}`, courier: `courier_${random()}` },
    staffPassword: staffPassword(),
    vapid: webpush.generateVAPIDKeys(),
  };
}

/** Sixteen characters, easy to read out and type: no 0/O or 1/l. */
function staffPassword(): string {
  const letters = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return [...randomBytes(16)].map((byte) => letters[byte % letters.length]).join("");
}

/** The name the demo's secrets are kept under in the database (installation_secrets). */
const DEMO_SECRETS_NAME = "demo";

/**
 * The installation's demo secrets, kept in its database, so every process of it finds the same ones
 * without a shared folder. The first start makes them, or takes over `<dataDir>/demo-secrets.json`
 * where an earlier version kept them (an installation keeps its secrets). The process that makes them
 * also writes that file (readable by the owner only) for the operator to read them again: a copy,
 * never read while the database has them. `created` tells the caller to show them once.
 */
export async function loadOrCreateDemoSecrets(
  db: Database,
  dataDir: string,
): Promise<{ secrets: DemoSecrets; created: boolean }> {
  const kept = await findInstallationSecret<DemoSecrets>(db, DEMO_SECRETS_NAME);
  if (kept) return { secrets: kept, created: false };
  const file = path.join(dataDir, DEMO_SECRETS_FILE);
  const earlier = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as Partial<DemoSecrets>)
    : null;
  // Made by an earlier version: what it lacked (the console's password, the VAPID keys) is added,
  // the rest kept.
  const secrets: DemoSecrets = earlier
    ? {
        ...(earlier as DemoSecrets),
        staffPassword: earlier.staffPassword ?? staffPassword(),
        vapid: earlier.vapid ?? webpush.generateVAPIDKeys(),
      }
    : makeDemoSecrets();
  if (!(await insertInstallationSecretOnce(db, DEMO_SECRETS_NAME, secrets))) {
    // Processes starting together on one database: the first to keep its secrets wins for all.
    const first = await findInstallationSecret<DemoSecrets>(db, DEMO_SECRETS_NAME);
    if (!first) throw new Error("The demo's secrets were neither kept nor found");
    return { secrets: first, created: false };
  }
  const created = !earlier?.staffPassword || !earlier.vapid;
  if (created) writeSecretsCopy(file, secrets);
  return { secrets, created };
}

/** Written whole under another name, then renamed into place: no reader sees half a file. */
function writeSecretsCopy(file: string, secrets: DemoSecrets): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  fs.renameSync(draft, file);
}

export function demoOpsKeyRows(
  partnerId: number,
  keys: DemoSecrets["opsKeys"],
): Array<typeof opsApiKeys.$inferInsert> {
  return [
    { partnerId, keyHash: hashToken(keys.dispatch), role: "DISPATCH", name: DEMO_OPS_KEY_NAMES.dispatch },
    { partnerId, keyHash: hashToken(keys.courier), role: "COURIER", name: DEMO_OPS_KEY_NAMES.courier },
  ];
}

/**
 * Makes a seeded database answer to this installation's demo secrets: the demo partners' external
 * sign-in secret and the demo ops keys. A database seeded with other secrets (or by a version that
 * used published ones) stops accepting those. Returns the partners it changed.
 */
export async function applyDemoSecrets(db: Database, secrets: Omit<DemoSecrets, "vapid">): Promise<number[]> {
  return db.transaction(async (tx) => {
    const demoPartners = await tx
      .select()
      .from(partners)
      .where(inArray(partners.code, [DEMO_PARTNER.code, SUSPENDED_PARTNER.code]));
    for (const partner of demoPartners) {
      await tx
        .update(partners)
        .set({ settings: { ...partner.settings, externalAuthSecret: secrets.externalSignInSecret } })
        .where(eq(partners.id, partner.id));
    }
    const demo = demoPartners.find((partner) => partner.code === DEMO_PARTNER.code);
    if (!demo) return demoPartners.map((partner) => partner.id);
    await ensureDemoStaff(tx, demo.id, secrets.staffPassword);
    for (const role of ["dispatch", "courier"] as const) {
      await tx
        .update(opsApiKeys)
        .set({ keyHash: hashToken(secrets.opsKeys[role]) })
        .where(and(eq(opsApiKeys.partnerId, demo.id), eq(opsApiKeys.name, DEMO_OPS_KEY_NAMES[role])));
    }
    return demoPartners.map((partner) => partner.id);
  });
}

/**
 * Where the database still holds a secret published in an earlier version's code: partners by code,
 * ops keys by name. Production refuses to start on any.
 */
export async function findPublishedDemoSecrets(db: Database): Promise<string[]> {
  const [all, keys] = await Promise.all([
    db.select({ code: partners.code, settings: partners.settings }).from(partners),
    db
      .select({ name: opsApiKeys.name, partnerCode: partners.code })
      .from(opsApiKeys)
      .innerJoin(partners, eq(partners.id, opsApiKeys.partnerId))
      .where(inArray(opsApiKeys.keyHash, PUBLISHED_DEMO_SECRET_HASHES)),
  ]);
  const signIn = all.filter(
    (p) =>
      p.settings.externalAuthSecret &&
      PUBLISHED_DEMO_SECRET_HASHES.includes(hashToken(p.settings.externalAuthSecret)),
  );
  return [
    ...signIn.map((p) => `partner ${p.code}: its external sign-in secret is a published demo value`),
    ...keys.map((k) => `partner ${k.partnerCode}: ops API key "${k.name}" is a published demo key`),
  ];
}
