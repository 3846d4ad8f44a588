import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { LocalMediaStore } from "../src/media/local-media-store.ts";
import { type DemoSecrets, makeDemoSecrets } from "../src/seed/demo-secrets.ts";
import { seedDemoData } from "../src/seed/seed.ts";
import { TEST_MEDIA_DIR } from "./media-dir.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a migrated, seeded database as a tarball file, which each test file starts from. */
    seededDump: string | null;
    /** PostgreSQL: a migrated, seeded database each test file's database is copied from. */
    seededTemplate: string | null;
    /** The demo partner's secrets in the seeded database, made at random for this run. */
    demoSecrets: DemoSecrets;
  }
}

/**
 * Migrates and seeds one database for the whole API suite; each test file then starts from a copy
 * (a PGlite dump, or a PostgreSQL template) instead of seeding its own, which was most of the time.
 */
export default async function setup(project: TestProject) {
  const secrets = makeDemoSecrets();
  project.provide("demoSecrets", secrets);
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `storefront_seeded_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    await seedDemoData(database.db, { media: new LocalMediaStore(TEST_MEDIA_DIR), secrets });
    await database.close();
    project.provide("seededTemplate", name);
    project.provide("seededDump", null);
    return async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const database = await openDatabase({ dataDir: null });
  await seedDemoData(database.db, { media: new LocalMediaStore(TEST_MEDIA_DIR), secrets });
  const dump = await (database.dump as () => Promise<Blob>)();
  await database.close();
  const file = path.join(os.tmpdir(), `storefront-seeded-${process.pid}.tar`);
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("seededDump", file);
  project.provide("seededTemplate", null);
  return () => fs.rm(file, { force: true });
}
