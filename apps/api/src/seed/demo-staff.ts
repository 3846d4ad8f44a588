import type { StaffRole } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { addCouriers, listCouriers } from "../console/couriers-repository.ts";
import { hashPassword, verifyPassword } from "../console/passwords.ts";
import { createStaffMember, findStaffByEmail } from "../console/staff-repository.ts";
import type { Database } from "../db/client.ts";
import { staffMembers, vendors } from "../db/schema.ts";

/**
 * The demo partner's console accounts, one per role, all with the installation's demo staff password
 * (made at random at first start, kept in the database with the demo's other secrets). The vendor
 * staff member runs Комора 24, Kyiv's all-night store: its orders wait for them in the console, as
 * the simulator plays every vendor without staff of its own.
 */
export const DEMO_STAFF: ReadonlyArray<{ email: string; name: string; role: StaffRole; vendor?: string }> = [
  { email: "owner@dostavka.example", name: "Anna Bērziņa", role: "OWNER" },
  { email: "manager@dostavka.example", name: "Mārtiņš Liepa", role: "MANAGER" },
  { email: "vendor@dostavka.example", name: "Oksana Melnyk", role: "VENDOR_STAFF", vendor: "Комора 24" },
  { email: "dispatch@dostavka.example", name: "Pēteris Kalns", role: "DISPATCHER" },
];

/**
 * The demo partner's couriers for people to try the courier app with (their phones are in the
 * README), two in each of its cities, named and numbered as people of that city are.
 */
export const DEMO_COURIERS = [
  { name: "Jānis Ozols", phone: "+37120000101", localityCode: "riga" },
  { name: "Līga Kalniņa", phone: "+37120000202", localityCode: "riga" },
  { name: "Олексій Бондаренко", phone: "+380501234567", localityCode: "kyiv" },
  { name: "Тарас Шевчук", phone: "+380671112233", localityCode: "kyiv" },
  { name: "أحمد كريم", phone: "+9647701234567", localityCode: "baghdad" },
  { name: "علي حسن", phone: "+9647801234568", localityCode: "baghdad" },
] as const;

/**
 * The couriers the demo's simulator plays (`couriers.simulated`: they cannot sign in), each at home
 * in one city: on shift there through the courier service, offered orders by automatic dispatch,
 * while no person is on shift in that city (decision 0162).
 */
export const SIMULATED_COURIERS = [
  { name: "Andris Bērziņš", phone: "+37120000303", localityCode: "riga" },
  { name: "Marta Liepiņa", phone: "+37120000404", localityCode: "riga" },
  { name: "Edgars Kļaviņš", phone: "+37120000505", localityCode: "riga" },
  { name: "Ірина Коваль", phone: "+380502223344", localityCode: "kyiv" },
  { name: "Дмитро Мельник", phone: "+380673334455", localityCode: "kyiv" },
  { name: "زينب جاسم", phone: "+9647701234569", localityCode: "baghdad" },
  { name: "مصطفى علي", phone: "+9647801234570", localityCode: "baghdad" },
] as const;

/**
 * Makes sure the demo partner has its console accounts, with this installation's password, and its
 * couriers: on a fresh seed, and on a database seeded by a version without a console.
 */
export async function ensureDemoStaff(
  db: Database,
  partnerId: number,
  password: string,
  team: {
    staff: ReadonlyArray<{ email: string; name: string; role: StaffRole; vendor?: string }>;
    couriers: ReadonlyArray<{ name: string; phone: string }>;
    simulated?: ReadonlyArray<{ name: string; phone: string }>;
  } = {
    staff: DEMO_STAFF,
    couriers: DEMO_COURIERS.map(({ name, phone }) => ({ name, phone })),
    simulated: SIMULATED_COURIERS.map(({ name, phone }) => ({ name, phone })),
  },
): Promise<void> {
  let hash: string | null = null;
  for (const member of team.staff) {
    const found = await findStaffByEmail(db, member.email);
    if (found && (await verifyPassword(password, found.staff.passwordHash))) continue;
    hash ??= await hashPassword(password);
    if (found) {
      await db.update(staffMembers).set({ passwordHash: hash }).where(eq(staffMembers.id, found.staff.id));
      continue;
    }
    const vendorIds = member.vendor
      ? (
          await db
            .select({ id: vendors.id })
            .from(vendors)
            .where(and(eq(vendors.partnerId, partnerId), eq(vendors.name, member.vendor)))
        ).map((vendor) => vendor.id)
      : [];
    await createStaffMember(db, { ...member, partnerId, passwordHash: hash, vendorIds });
  }
  const known = await listCouriers(db, partnerId);
  if (known.length === 0) await addCouriers(db, partnerId, team.couriers);
  // The simulator's couriers, added to a database seeded before they existed.
  const missing = (team.simulated ?? []).filter(
    (courier) => !known.some((row) => row.phone === courier.phone),
  );
  await addCouriers(db, partnerId, missing, { simulated: true });
}
