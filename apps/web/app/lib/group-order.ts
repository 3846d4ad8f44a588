import type { AddCartItem, GroupLiveMessage, GroupOrder } from "@storefront/domain/contract";
import type { Endpoint } from "@storefront/domain/endpoints";
import { endpoints } from "@storefront/domain/endpoints";
import { useCallback, useEffect, useRef, useState } from "react";
import { ClientGetError, clientGet, clientSend, type Sent } from "./api.client.ts";
import { useCart } from "./cart.tsx";
import { keepCredentials } from "./credentials.ts";
import { type MessageKey, useLocale, useT } from "./i18n.ts";
import { liveSocketUrl, useLiveSocket } from "./live-socket.ts";
import { reportClientError } from "./report-error.client.ts";
import { useStorefront } from "./storefront.ts";

/** What each refusal of the group API says to the person, in their words. */
const REFUSALS: Record<string, MessageKey> = {
  GroupOrderClosedException: "group.refused.closed",
  GroupOrderFullException: "group.refused.full",
  GroupOrderNotFoundException: "group.refused.gone",
  NotGroupMemberException: "group.refused.joinFirst",
  NotYourItemException: "group.refused.notYours",
  GroupOrderVendorException: "group.refused.otherVendor",
  // The link's joins are counted per address and per group (429 with Retry-After).
  TooManyRequestsException: "group.refused.tooOften",
  VendorClosedException: "cart.alert.vendorClosed",
  ProductNotAvailableException: "cart.alert.cannotAdd",
  ProductNotFoundException: "cart.alert.cannotAdd",
  InvalidComponentsException: "product.chooseOptions",
};

export interface GroupOrderState {
  group: GroupOrder;
  /** The group is no more: its host called it off while the page was open. */
  gone: boolean;
  /** A change is on its way. */
  pending: boolean;
  /**
   * Sends a change; the answer replaces the group, a refusal is said in an alert unless it is one of
   * those the caller says itself (`ownRefusals`, by error type).
   */
  send(endpoint: Endpoint<GroupOrder>, body?: unknown, ownRefusals?: string[]): Promise<Sent<GroupOrder>>;
  /** Adds a product for the person asking (the menu's add, in a group order). */
  add(item: AddCartItem): Promise<boolean>;
  /** The host calls the group off: everyone's items go with it. */
  callOff(): Promise<boolean>;
}

/**
 * The group order of a page: as the server rendered it, then kept up to date by its live feed (the
 * server says when anyone changed it) until it is ordered or called off.
 */
export function useGroupOrder(initial: GroupOrder): GroupOrderState {
  const t = useT();
  const locale = useLocale();
  const { client } = useStorefront();
  const cart = useCart();
  const [group, setGroup] = useState(initial);
  const [gone, setGone] = useState(false);
  const [pending, setPending] = useState(0);
  const token = initial.token;

  useEffect(() => setGroup(initial), [initial]);

  // Whatever the others change, the page asks for the group again; once more on every
  // (re)connection and when the page comes back into sight, for what it missed meanwhile.
  const asking = useRef<AbortController | null>(null);
  const refresh = useCallback(() => {
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    clientGet(client, endpoints.groupOrders.get(token), locale, controller.signal)
      .then((fresh) =>
        setGroup((shown) =>
          fresh.updatedAt === shown.updatedAt && fresh.status === shown.status ? shown : fresh,
        ),
      )
      .catch((error) => {
        if (error instanceof ClientGetError && error.status === 404) setGone(true);
        // Offline for a moment: the socket's reconnection asks again; the network alert says the rest.
      });
  }, [client, locale, token]);
  useEffect(() => () => asking.current?.abort(), []);

  const live = group.status !== "ORDERED" && !gone;
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useLiveSocket<GroupLiveMessage>(
    live && mounted ? liveSocketUrl(client.apiBase, `/api${endpoints.groupOrders.live(token).path}`) : null,
    { onMessage: refresh },
    (error) => reportClientError(error, "group order"),
  );
  useEffect(() => {
    if (!live) return;
    const onSight = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onSight);
    return () => document.removeEventListener("visibilitychange", onSight);
  }, [live, refresh]);

  const say = useCallback(
    (key: MessageKey) =>
      cart.showAlert({
        title: t(key),
        buttons: [{ label: t("common.understood"), onClick: () => cart.showAlert(null) }],
      }),
    [cart, t],
  );

  const send = useCallback(
    async (endpoint: Endpoint<GroupOrder>, body?: unknown, ownRefusals: string[] = []) => {
      setPending((n) => n + 1);
      const sent = await clientSend<GroupOrder & { visitorToken?: string }>(client, endpoint, locale, body);
      setPending((n) => n - 1);
      if (sent.ok) {
        keepCredentials(sent.body);
        setGroup(sent.body);
      } else if (sent.error?.type === "GroupOrderNotFoundException") {
        setGone(true);
      } else if (!ownRefusals.includes(sent.error?.type ?? "")) {
        say(REFUSALS[sent.error?.type ?? ""] ?? "alert.somethingWentWrong");
      }
      return sent;
    },
    [client, locale, say],
  );

  const add = useCallback(
    async (item: AddCartItem) => {
      if (!group.you) {
        say("group.refused.joinFirst");
        return false;
      }
      return (await send(endpoints.groupOrders.addItem(token), item)).ok;
    },
    [group.you, token, send, say],
  );

  const callOff = useCallback(async () => {
    setPending((n) => n + 1);
    const sent = await clientSend(client, endpoints.groupOrders.cancel(token), locale);
    setPending((n) => n - 1);
    if (!sent.ok) say(REFUSALS[sent.error?.type ?? ""] ?? "alert.somethingWentWrong");
    return sent.ok;
  }, [client, locale, token, say]);

  return { group, gone, pending: pending > 0, send, add, callOff };
}
