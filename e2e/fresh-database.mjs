// The browser tests' server on a PostgreSQL server (E2E_DATABASE_URL, one database of it for this
// port): the database is made again, empty, before the server starts; the server migrates and seeds it.
import pg from "pg";

const [serverUrl, name] = process.argv.slice(2);
if (!serverUrl || !/^[a-z0-9_]+$/.test(name ?? ""))
  throw new Error("usage: fresh-database.mjs <server url> <name>");
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
