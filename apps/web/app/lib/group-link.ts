import type { GroupOrder } from "@storefront/domain/contract";

/** The query parameter of a vendor page that opens it as a group order's menu. */
export const GROUP_PARAM = "group";

export function groupTokenOf(search: URLSearchParams): string | null {
  const token = search.get(GROUP_PARAM);
  return token && /^[\w-]{20,64}$/.test(token) ? token : null;
}

/** The share link: the vendor's page opened as the group's menu, in the reader's own language. */
export function groupLink(origin: string, locale: string, group: GroupOrder): string {
  return `${origin}/${locale}/${group.localityCode}/vendor/${group.vendorId}?${GROUP_PARAM}=${group.token}`;
}
