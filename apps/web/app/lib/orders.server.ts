import type { CustomerOrder, Order } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { data } from "react-router";
import { ApiRequestError, apiGet } from "./api.server.ts";
import { permanentRedirect } from "./redirects.ts";
import type { VisitorState } from "./storefront.server.ts";

/**
 * The customer's order for one of its pages. The page follows the status (payment while CREATED,
 * status while active, details when final): another page's URL is redirected to the right one.
 */
export async function loadOrderPage(
  visitor: VisitorState,
  id: string | undefined,
  page: Order["page"],
  /**
   * Back from the card page: an order paid meanwhile (the processor's webhook came first) opens its
   * status page with the thanks the payment page would have shown.
   */
  options: { thanksIfPaid?: boolean } = {},
): Promise<CustomerOrder> {
  if (!id || !/^\d{1,10}$/.test(id)) throw data("Order not found", { status: 404 });
  const order = await apiGet(endpoints.customer.order(id), visitor.caller).catch((error) => {
    if (error instanceof ApiRequestError && error.status === 404)
      throw data("Order not found", { status: 404 });
    throw error;
  });
  if (order.page !== page) {
    const thanks = options.thanksIfPaid && order.page === "status";
    const search = thanks ? `?modal=SuccessScreenModal&order=${order.id}` : "";
    throw permanentRedirect(`/${visitor.locale}/menu/orders/${order.id}/${order.page}${search}`);
  }
  return order;
}
