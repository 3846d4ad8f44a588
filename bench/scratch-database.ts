// A database of its own on a PostgreSQL server for one bench run, so the bench neither reads nor
// changes anyone's data; dropped at the end (connections still open to it are closed then).
import pg from "pg";

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates `<prefix>_<pid>_<random>` on the server of `serverUrl` (its own database is used only to connect). */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = "storefront_bench",
): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
