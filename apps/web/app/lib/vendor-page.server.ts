import type { GroupOrder } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { ApiRequestError, apiGet } from "./api.server.ts";
import { GROUP_PARAM, groupTokenOf } from "./group-link.ts";

/**
 * The group order a shared link opens this menu for: "gone" for a link that no longer works (or
 * belongs to another vendor), null for a page opened without one.
 */
export async function groupOfLink(
  search: URLSearchParams,
  vendorId: number,
  caller: Parameters<typeof apiGet>[1],
): Promise<GroupOrder | "gone" | null> {
  if (!search.has(GROUP_PARAM)) return null;
  const token = groupTokenOf(search);
  if (!token) return "gone";
  try {
    const group = await apiGet(endpoints.groupOrders.get(token), caller);
    return group.vendorId === vendorId ? group : "gone";
  } catch (error) {
    if (error instanceof ApiRequestError && error.status < 500) return "gone";
    throw error;
  }
}
