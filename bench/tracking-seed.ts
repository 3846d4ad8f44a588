// The tracking benchmark's database: the demo data plus one customer per order, each with a live
// session and an order on its way, written with a few set-based SQL statements (20,000 orders in
// seconds). PostgreSQL gets a database of its own for the run, dropped afterwards.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { LocalMediaStore } from "../apps/api/src/media/local-media-store.ts";
import { type DemoSecrets, loadOrCreateDemoSecrets } from "../apps/api/src/seed/demo-secrets.ts";
import { seedDemoData } from "../apps/api/src/seed/seed.ts";
import { createScratchDatabase } from "./scratch-database.ts";

/** An order the clients follow: its owner and the owner's session token (sent as the cookie). */
export interface BenchOrder {
  orderId: number;
  userId: number;
  token: string;
}

export interface BenchDatabase {
  /** What points the server process at it: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  secrets: DemoSecrets;
  orders: BenchOrder[];
  drop(): Promise<void>;
}

/** Where the demo pictures are drawn once and kept between runs (the catalogue bench's folder). */
export const BENCH_MEDIA_DIR = path.join(os.tmpdir(), "storefront-test-media");

/** A delivery of a dish or two, as the order page shows it; the ops API answers with it. */
const SNAPSHOT = {
  localityCode: "riga",
  preorderAt: null,
  address: {
    customerAddressId: null,
    latitude: 56.9496,
    longitude: 24.1052,
    formattedAddress: "Brīvības iela 1, Rīga",
    shortAddress: "Brīvības iela 1",
  },
  vendorCarts: [],
  prices: {
    cartTotal: 10,
    finalTotal: 12,
    originalTotal: 10,
    deliveryTotal: 2,
    taxTotal: 0,
    taxes: [],
    fees: [],
    amountToGetFreeDelivery: null,
    discounts: [],
    tipAmount: 0,
  },
};

export async function prepareBenchDatabase(options: {
  orders: number;
  databaseUrl?: string | undefined;
}): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-tracking-bench-"));
  const scratch = options.databaseUrl ? await createScratchDatabase(options.databaseUrl) : null;
  const databaseUrl = scratch?.url;
  const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : dataDir });
  let orders: BenchOrder[];
  let secrets: DemoSecrets;
  try {
    // Kept in the database, where the server process started on it finds them.
    ({ secrets } = await loadOrCreateDemoSecrets(database.db, dataDir));
    await seedDemoData(database.db, { media: new LocalMediaStore(BENCH_MEDIA_DIR), secrets });
    orders = await insertDeliveries(database.db, options.orders);
  } finally {
    await database.close();
  }
  return {
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    secrets,
    orders,
    async drop() {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One customer, session and ON_DELIVERY order per number, in three statements. */
async function insertDeliveries(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  count: number,
): Promise<BenchOrder[]> {
  const prefix = `bench_${Date.now().toString(36)}_`;
  const [place] = rowsOf<{ partner_id: number; locality_id: number }>(
    await db.execute(sql`
      select p.id as partner_id, l.id as locality_id from partners p
      join localities l on l.partner_id = p.id and l.code = 'riga' where p.code = 'demo'`),
  );
  if (!place) throw new Error("the demo partner's riga locality is missing");
  await db.execute(sql`
    with customers as (
      insert into users (partner_id, phone)
      select ${place.partner_id}, '37199' || lpad(g::text, 6, '0') from generate_series(1, ${count}) g
      returning id, phone
    ), opened as (
      insert into sessions (partner_id, user_id, token_hash, platform, expires_at)
      select ${place.partner_id}, id, encode(sha256(convert_to(${prefix} || phone, 'UTF8')), 'hex'), 'web',
        now() + interval '30 days'
      from customers
    )
    insert into orders (partner_id, locality_id, user_id, cart_id, status, receipt_type, payment_type,
      with_cutlery, currency_code, snapshot, final_total, courier_name, courier_phone)
    select ${place.partner_id}, ${place.locality_id}, id, gen_random_uuid(), 'ON_DELIVERY', 'DELIVERY', 'CASH',
      false, 'EUR', ${JSON.stringify(SNAPSHOT)}::jsonb, 1200, 'Bench Courier', '+37120000000'
    from customers`);
  const rows = rowsOf<{ order_id: number; user_id: number; phone: string }>(
    await db.execute(sql`
      select o.id as order_id, o.user_id, u.phone from orders o join users u on u.id = o.user_id
      where u.phone like '37199%' order by o.id`),
  );
  await db.execute(sql`
    insert into order_status_changes (order_id, status, actor)
    select o.id, 'ON_DELIVERY', 'COURIER' from orders o join users u on u.id = o.user_id
    where u.phone like '37199%'`);
  return rows.map((row) => ({
    orderId: Number(row.order_id),
    userId: Number(row.user_id),
    token: `${prefix}${row.phone}`,
  }));
}

/** The rows of a raw query, which both drivers answer as `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
