import { randomBytes } from "node:crypto";
import {
  GROUP_GUESTS_MAX,
  type GroupStatus,
  groupNameOf,
  joinRefusal,
  mayChangeLine,
  mayRename,
  personSubtotals,
  toMajorUnits,
  toMinorUnits,
} from "@storefront/domain";
import type { AddCartItem, GroupOrder } from "@storefront/domain/contract";
import { pointsForCart } from "../accounts/loyalty-points.ts";
import type { CartOwner } from "../carts/cart-owner.ts";
import { type CartRow, loadStoredCart } from "../carts/cart-store.ts";
import { type CartContext, describeCart } from "../carts/cart-view.ts";
import { badRequest, createCart } from "../carts/carts.ts";
import type { ImageStore } from "../catalogue/images.ts";
import { findLocalityById } from "../catalogue/localities.ts";
import { findVendorRow } from "../catalogue/vendors.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Partner } from "../plugins/partner.ts";
import { takeGroupJoinAllowance } from "./group-join-limit.ts";
import {
  deleteGroupLine,
  deleteUnorderedCart,
  findGroupAndCart,
  findGroupLine,
  findOpenGroupToken,
  findOrderIdOfCart,
  findVendorName,
  type GroupRow,
  insertGroupWithHost,
  insertMember,
  listGroupMembers,
  lockGroupPeople,
  type MemberRow,
  setGroupRowStatus,
  touchGroupRows,
  updateGroupLine,
  updateMember,
} from "./group-orders-repository.ts";

export type { MemberRow } from "./group-orders-repository.ts";

/** A group order as stored, with its cart and people (the host first, then by joining). */
export interface FoundGroup {
  group: GroupRow;
  cart: CartRow;
  status: GroupStatus;
  members: MemberRow[];
}

export function groupNotFound(): AppError {
  return new AppError(404, "GroupOrderNotFoundException", "Group order not found");
}

function checkedName(name: string): string {
  const kept = groupNameOf(name);
  if ("name" in kept) return kept.name;
  throw badRequest(
    "ValidationException",
    kept.problem === "EMPTY" ? "say how the others should call you" : "is too long",
    "name",
  );
}

/**
 * Starts a group order of one vendor for a signed-in host: a cart of its own at the host's address
 * (the host's own cart stays as it is). A host who already has one open for this vendor gets it back.
 */
export async function startGroupOrder(
  db: Database,
  input: {
    partner: Partner;
    owner: CartOwner;
    body: {
      vendorId: number;
      receiptType: "DELIVERY" | "TAKEAWAY";
      customerAddressId?: number | undefined;
      location?: Parameters<typeof createCart>[1]["body"]["location"];
      name?: string | undefined;
    };
    now: Date;
  },
): Promise<string> {
  const { partner, owner, body, now } = input;
  const user = owner.user;
  if (!user) throw new AppError(401, "UnauthorizedException", "Sign in to continue");
  const vendor = await findVendorRow(db, partner.id, body.vendorId);
  const name = checkedName(body.name ?? (user.name || user.phone?.slice(-4) || "Host"));
  const open = await findOpenGroupToken(db, { partnerId: partner.id, vendorId: vendor.id, userId: user.id });
  if (open) return open;
  const locality = await findLocalityById(db, vendor.localityId);
  const receiptType = vendor.receiptTypes.includes(body.receiptType)
    ? body.receiptType
    : (vendor.receiptTypes[0] ?? "DELIVERY");
  const cartId = await createCart(db, {
    partner,
    owner: { user, visitorHash: null },
    body: {
      localityCode: locality.code,
      receiptType,
      customerAddressId: body.customerAddressId,
      location: body.location,
    },
    now,
  });
  const token = randomBytes(16).toString("base64url");
  await insertGroupWithHost(db, {
    partnerId: partner.id,
    cartId,
    vendorId: vendor.id,
    token,
    host: { name, userId: user.id },
    now,
  });
  return token;
}

/** The group order of the link, within the partner; a wrong link answers 404, like a missing one. */
export async function findGroup(db: Database, partnerId: number, token: string): Promise<FoundGroup> {
  const found = await findGroupAndCart(db, partnerId, token);
  if (!found) throw groupNotFound();
  const members = await listGroupMembers(db, found.group.id);
  const status: GroupStatus = found.cart.status === "ORDERED" ? "ORDERED" : found.group.status;
  return { ...found, status, members };
}

/** The person asking, when they have joined: by their account, or by this browser's visitor token. */
export function memberOf(found: FoundGroup, owner: CartOwner): MemberRow | null {
  return (
    found.members.find(
      (m) =>
        (owner.user !== null && m.userId === owner.user.id) ||
        (owner.visitorHash !== null && m.visitorHash === owner.visitorHash),
    ) ?? null
  );
}

function requireMember(found: FoundGroup, owner: CartOwner): MemberRow {
  const member = memberOf(found, owner);
  if (!member) throw new AppError(403, "NotGroupMemberException", "Join the group order first");
  return member;
}

function requireOpen(found: FoundGroup): void {
  if (found.status !== "OPEN")
    throw new AppError(
      409,
      "GroupOrderClosedException",
      found.status === "ORDERED"
        ? "The group order has been placed"
        : "The host is checking out the group order",
      { errorCode: found.status },
    );
}

async function touchGroup(db: Database, found: FoundGroup, now: Date): Promise<void> {
  await touchGroupRows(db, { groupId: found.group.id, cartId: found.cart.id }, now);
}

/** Joins under a name; someone already in keeps their place (and may change their name, see mayRename). */
export async function joinGroup(
  db: Database,
  input: { found: FoundGroup; owner: CartOwner; name: string; address: string; now: Date },
): Promise<void> {
  const { found, owner, now } = input;
  const name = checkedName(input.name);
  await takeGroupJoinAllowance(db, { groupId: found.group.id, address: input.address, now });
  const already = memberOf(found, owner);
  if (already) {
    if (!mayRename(found.status, already)) requireOpen(found);
    await updateMember(db, already.id, { name });
    return touchGroup(db, found, now);
  }
  await db.transaction(async (tx) => {
    // Joins of one group queue here, so the limit holds when many open the link at once.
    const people = await lockGroupPeople(tx, found.group.id);
    const refusal = joinRefusal(found.status, people);
    if (refusal === "CLOSED") requireOpen(found);
    if (refusal === "FULL")
      throw new AppError(409, "GroupOrderFullException", "The group order is full", { errorCode: "FULL" });
    await insertMember(tx, {
      groupId: found.group.id,
      name,
      userId: owner.user?.id ?? null,
      visitorHash: owner.user ? null : owner.visitorHash,
      joinedAt: now,
    });
  });
  await touchGroup(db, found, now);
}

/** A product for the person asking, from the group's vendor only, while the group is open. */
export async function addGroupItem(
  db: Database,
  input: {
    found: FoundGroup;
    owner: CartOwner;
    body: AddCartItem;
    add: (memberId: number) => Promise<void>;
    now: Date;
  },
): Promise<void> {
  const { found, body } = input;
  const member = requireMember(found, input.owner);
  requireOpen(found);
  if (body.vendorId !== found.group.vendorId)
    throw badRequest("GroupOrderVendorException", "a group order is from one vendor", "vendorId");
  await input.add(member.id);
  if (member.done) await updateMember(db, member.id, { done: false });
  await touchGroup(db, found, input.now);
}

/** Changes a line's count (0 removes it): a person their own lines, the host any line. */
export async function changeGroupItem(
  db: Database,
  input: {
    found: FoundGroup;
    owner: CartOwner;
    itemId: number;
    count: number | undefined;
    comment?: string | null;
    now: Date;
  },
): Promise<void> {
  const { found } = input;
  const member = requireMember(found, input.owner);
  const line = await findGroupLine(db, found.cart.id, input.itemId);
  if (!line) throw new AppError(404, "CartProductNotFoundException", "This line is not in the group order");
  if (!mayChangeLine(found.status, member, { personId: line.memberId })) {
    requireOpen(found);
    throw new AppError(403, "NotYourItemException", "Only the host changes someone else's items");
  }
  if (input.count === 0) {
    await deleteGroupLine(db, line);
  } else {
    await updateGroupLine(db, line.id, {
      ...(input.count !== undefined ? { count: input.count } : {}),
      ...(input.comment !== undefined ? { comment: input.comment || null } : {}),
    });
  }
  await touchGroup(db, found, input.now);
}

/** A person says they have chosen everything (or not yet). */
export async function markDone(
  db: Database,
  input: { found: FoundGroup; owner: CartOwner; done: boolean; now: Date },
): Promise<void> {
  const member = requireMember(input.found, input.owner);
  requireOpen(input.found);
  await updateMember(db, member.id, { done: input.done });
  await touchGroup(db, input.found, input.now);
}

function requireHost(found: FoundGroup, owner: CartOwner): MemberRow {
  const member = requireMember(found, owner);
  if (!member.host) throw new AppError(403, "NotGroupHostException", "Only the host can do this");
  return member;
}

/** The host locks the group to check out (nobody else changes it then), or opens it again. */
export async function setGroupStatus(
  db: Database,
  input: { found: FoundGroup; owner: CartOwner; status: "OPEN" | "LOCKED"; now: Date },
): Promise<void> {
  const { found } = input;
  requireHost(found, input.owner);
  if (found.status === "ORDERED")
    throw new AppError(409, "GroupOrderClosedException", "The group order has been placed", {
      errorCode: "ORDERED",
    });
  await setGroupRowStatus(db, { groupId: found.group.id, cartId: found.cart.id }, input.status, input.now);
}

/** The host calls the group order off: its cart and everyone's items go. */
export async function cancelGroup(
  db: Database,
  input: { found: FoundGroup; owner: CartOwner },
): Promise<void> {
  requireHost(input.found, input.owner);
  if (input.found.status === "ORDERED")
    throw new AppError(409, "GroupOrderClosedException", "The group order has been placed", {
      errorCode: "ORDERED",
    });
  await deleteUnorderedCart(db, input.found.cart.id);
}

/** The group as its people see it: everyone's items priced by the server, with each person's subtotal. */
export async function describeGroup(
  db: Database,
  imageStore: ImageStore,
  input: { found: FoundGroup; owner: CartOwner; partner: Partner; reader: CartContext["reader"]; now: Date },
): Promise<GroupOrder> {
  const { found } = input;
  const locality = await findLocalityById(db, found.cart.localityId);
  const stored = await loadStoredCart(db, found.cart);
  // The group's cart is its host's: priced with the points the host chose to spend.
  const host = { partnerId: input.partner.id, userId: found.cart.userId, locality, now: input.now };
  const evaluated = await describeCart(db, imageStore, stored, {
    partner: input.partner,
    locality,
    reader: input.reader,
    now: input.now,
    userId: found.cart.userId,
    points: await pointsForCart(db, host),
  });
  const memberOfLine = new Map(
    stored.vendorCarts.flatMap((v) => v.items.map((item) => [item.id, item.memberId] as const)),
  );
  const lines = evaluated.response.cart.vendorCarts.flatMap((v) => v.items);
  const currency = locality.currencyCode;
  const subtotals = personSubtotals(
    found.members,
    lines.map((line) => ({
      personId: memberOfLine.get(line.cartProductId) ?? null,
      totalMinor: toMinorUnits(line.totalPrice, currency),
      count: line.count,
    })),
  );
  const vendorName = await findVendorName(db, found.group.vendorId);
  const you = memberOf(found, input.owner);
  const orderId = you?.host && found.status === "ORDERED" ? await findOrderIdOfCart(db, found.cart.id) : null;
  return {
    token: found.group.token,
    status: found.status,
    vendorId: found.group.vendorId,
    vendorName: vendorName ?? "",
    localityCode: locality.code,
    currencyCode: currency,
    guestsMax: GROUP_GUESTS_MAX,
    members: subtotals.map(({ person, subtotalMinor, itemsCount }) => ({
      memberId: person.id,
      name: person.name,
      host: person.host,
      done: person.done,
      itemsCount,
      subtotal: toMajorUnits(subtotalMinor, currency),
      items: lines.filter((line) => memberOfLine.get(line.cartProductId) === person.id),
    })),
    itemsTotal: evaluated.response.cart.totalPrice,
    you: you ? { memberId: you.id, host: you.host } : null,
    cartId: you?.host ? found.cart.id : null,
    orderId,
    updatedAt: found.group.updatedAt.toISOString(),
  };
}
