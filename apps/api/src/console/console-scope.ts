import type { StaffRole } from "@storefront/domain";

/** Who is asking, as the console session says: their partner, role and, for vendor staff, vendors. */
export interface ConsoleScope {
  staffId: number;
  staffName: string;
  partnerId: number;
  role: StaffRole;
  /** The vendors the member works for; null: every vendor of the partner. */
  vendorIds: number[] | null;
}
