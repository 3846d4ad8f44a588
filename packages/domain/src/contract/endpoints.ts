/**
 * The API's endpoints as the clients call them: each builder answers the method and the path (under
 * the API's prefix: `/api` for the storefront, `/api/console` for the console, `/api/admin` for the
 * operator) and carries the answer's type (and the body's, where one is declared) as a phantom, so
 * a client helper infers what it gets back instead of being told. The web app, the console, the
 * native bundle and the API tests build their paths here and nowhere else.
 */

import type { ConsoleOrderAction } from "../staff.ts";
import type {
  AdminPartner,
  NewCityInput,
  NewPartnerInput,
  PartnerFirebase,
  PartnerPayments,
  PartnerPush,
} from "./admin.ts";
import type { AnalyticsBatch, AnalyticsEvent } from "./analytics.ts";
import type { CartResponse, CustomerPromoCodes, DeliveryCheck, DeliveryDays, ReferralCode } from "./cart.ts";
import type {
  Banner,
  Catalogue,
  CategoriesResponse,
  ContentPage,
  ContentPageSummary,
  FavouriteProductsPage,
  FavouriteVendorsPage,
  Locality,
  LocalityParams,
  Product,
  SearchResults,
  VendorDetail,
  VendorsPage,
} from "./catalogue.ts";
import type {
  CitySettings,
  ConsoleBrand,
  ConsoleCategory,
  ConsoleCourierListed,
  ConsoleDispatchSettings,
  ConsoleFunnel,
  ConsoleLocality,
  ConsoleMenu,
  ConsoleOrder,
  ConsolePage,
  ConsolePageSummary,
  ConsoleProductDetails,
  ConsolePromoCode,
  ConsoleReport,
  ConsoleVendor,
  StaffMember,
} from "./console.ts";
import type { CourierAccount, CourierJob, CourierJobs, CourierShiftReport } from "./courier.ts";
import type {
  Address,
  AddressInput,
  CustomerUser,
  Favourites,
  LoyaltyAccount,
  ReverseGeocodeAnswer,
  SendPhoneConfirmationAnswer,
} from "./customer.ts";
import type { GroupOrder } from "./group-order.ts";
import type { ActiveOrders, CustomerOrder, CustomerOrders, Order, PaymentMethods } from "./order.ts";
import type { PaymentAnswer, SavedCards } from "./payment.ts";
import type { CustomerReviews, OrderReviews } from "./review.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

declare const answerType: unique symbol;
declare const bodyType: unique symbol;

/**
 * One call of the API: its method and path. `Answer` and `Body` exist only for the type checker
 * (the properties are never set): a client helper reads them to type what it sends and gets.
 */
export interface Endpoint<Answer = unknown, Body = unknown> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly [answerType]?: Answer;
  readonly [bodyType]?: Body;
}

/** The answer an endpoint declares. */
export type AnswerOf<E> = E extends Endpoint<infer Answer, unknown> ? Answer : never;

function endpoint<Answer = unknown, Body = unknown>(
  method: HttpMethod,
  path: string,
): Endpoint<Answer, Body> {
  return { method, path };
}

type QueryValue = string | number | boolean | null | undefined;

/** A query string (with its `?`) from typed values; absent values are left out, none gives "". */
export function queryOf(params: Readonly<Record<string, QueryValue>>): string {
  const pairs = Object.entries(params)
    .filter(
      (entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null,
    )
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
}

/** A query already built (URLSearchParams or its text, with or without `?`), as a path's tail. */
function tail(query: URLSearchParams | string): string {
  const text = query.toString().replace(/^\?/, "");
  return text ? `?${text}` : "";
}

const code = (value: string) => encodeURIComponent(value);

/**
 * Where Stripe sends a partner's events: its storefront's host with this path (Stripe's dashboard
 * is given it; the API serves it). Not a call any client makes, so not an endpoint.
 */
export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";

/** The storefront's API (`/api/...`): the web app and the native bundle. */
export const endpoints = {
  /** The partner's content pages (their titles and slugs). */
  contentPages: () => endpoint<ContentPageSummary[]>("GET", "/content-pages"),
  /** A content page by its slug (about, terms…). */
  contentPage: (slug: string) => endpoint<ContentPage>("GET", `/content-pages/${code(slug)}`),
  localities: {
    list: () => endpoint<Locality[]>("GET", "/public/localities"),
    nearest: (point: { latitude: number; longitude: number } | null) =>
      endpoint<Locality>(
        "GET",
        `/public/localities/nearest${point ? queryOf({ lat: point.latitude, lng: point.longitude }) : ""}`,
      ),
    params: (localityCode: string) =>
      endpoint<LocalityParams>("GET", `/public/localities/${code(localityCode)}/params`),
    banners: (localityCode: string) =>
      endpoint<Banner[]>("GET", `/public/localities/${localityCode}/banners`),
    categories: (localityCode: string) =>
      endpoint<CategoriesResponse>("GET", `/public/localities/${localityCode}/categories`),
    /** `query`: the page, filters, point and cart time (the web's `vendorsApiQuery`). */
    vendors: (localityCode: string, query: URLSearchParams | string) =>
      endpoint<VendorsPage>("GET", `/public/localities/${localityCode}/vendors${tail(query)}`),
    search: (localityCode: string, searchString: string) =>
      endpoint<VendorsPage>(
        "GET",
        `/public/localities/${localityCode}/vendors${queryOf({ size: 20, searchString })}`,
      ),
    /** Dishes and vendors for what the customer types (the search modal). */
    searchResults: (localityCode: string, query: { q: string; preorderDateTime?: string | undefined }) =>
      endpoint<SearchResults>("GET", `/public/localities/${localityCode}/search${queryOf(query)}`),
  },
  /** The spec's analytics event (`onde`), answered with nothing. */
  analyticsEvent: () => endpoint<{ accepted: true }, AnalyticsEvent>("POST", "/public/analytics/onde/event"),
  /** Several events at once: what the storefront gathered while the page was shown. */
  analyticsEvents: () =>
    endpoint<{ accepted: true }, AnalyticsBatch>("POST", "/public/analytics/onde/events"),
  /** The installation's VAPID public key, for a browser's push subscription (404 where web push is off). */
  webPushKey: () => endpoint<{ publicKey: string }>("GET", "/public/web-push/key"),
  /** An invoice's PDF behind the signed link `invoiceLink` answers (no session). */
  signedInvoice: (token: string) => endpoint("GET", `/invoices/${code(token)}`),
  /** The photo at the door behind the signed link an order's `deliveryPhotoUrl` answers (no session). */
  signedDeliveryPhoto: (token: string) => endpoint("GET", `/delivery-photos/${code(token)}`),
  products: {
    /** `query`: the cart time, as the vendor's (`vendors.detail`). */
    get: (productId: number | string, query: URLSearchParams | string = "") =>
      endpoint<Product>("GET", `/products/${productId}${tail(query)}`),
  },
  deliveryCheck: (point: { latitude: number; longitude: number }, cartId?: string | null) =>
    endpoint<DeliveryCheck>(
      "GET",
      `/delivery-check${queryOf({ lat: point.latitude, lng: point.longitude, cartId: cartId || undefined })}`,
    ),
  geocoding: {
    reverse: (point: { latitude: number; longitude: number }) =>
      endpoint<ReverseGeocodeAnswer>(
        "GET",
        `/public/geocoding/reverse${queryOf({ lat: point.latitude, lng: point.longitude })}`,
      ),
  },
  vendors: {
    /** `query`: the point and cart time (the web's `vendorApiQuery`). */
    detail: (vendorId: number | string, query: URLSearchParams | string = "") =>
      endpoint<VendorDetail>("GET", `/vendors/${vendorId}${tail(query)}`),
    catalogue: (vendorId: number | string, query: URLSearchParams | string = "") =>
      endpoint<Catalogue>("GET", `/vendors/${vendorId}/catalogue${tail(query)}`),
  },
  carts: {
    create: () => endpoint<{ cartId: string; visitorToken?: string }>("POST", "/carts"),
    get: (cartId: string) => endpoint<CartResponse>("GET", `/carts/${cartId}`),
    update: (cartId: string) => endpoint<CartResponse>("PUT", `/carts/${cartId}`),
    /** The spec's deletion of a whole cart (the storefront empties one with `clear`). */
    remove: (cartId: string) => endpoint<null>("DELETE", `/carts/${cartId}`),
    tip: (cartId: string) => endpoint<CartResponse>("PATCH", `/carts/${cartId}/tip`),
    clear: (cartId: string) => endpoint<CartResponse>("PUT", `/carts/${cartId}/clear`),
    cleanup: (cartId: string) => endpoint<CartResponse>("POST", `/carts/${cartId}/cleanup`),
    applyPromoCode: (cartId: string) => endpoint<CartResponse>("POST", `/carts/${cartId}/promo-code`),
    removePromoCode: (cartId: string) => endpoint<CartResponse>("DELETE", `/carts/${cartId}/promo-code`),
    deliverySlots: (cartId: string) => endpoint<DeliveryDays>("GET", `/carts/${cartId}/delivery-slots`),
    addProduct: (cartId: string) => endpoint<CartResponse>("POST", `/carts/${cartId}/products`),
    /** A vendor cart's line: its count or its comment. */
    changeProduct: (vendorCartId: number | string, cartProductId: number) =>
      endpoint<CartResponse>("PUT", `/carts/${vendorCartId}/products/${cartProductId}`),
    /** The removal also takes a product id (the spec's); this one names the line. */
    removeProduct: (vendorCartId: number | string, cartProductId: number) =>
      endpoint<CartResponse>(
        "DELETE",
        `/carts/${vendorCartId}/products/${cartProductId}?idType=CART_PRODUCT`,
      ),
    cutlery: (vendorCartId: number | string) =>
      endpoint<CartResponse>("PUT", `/carts/${vendorCartId}/cutlery`),
    /** The spec's removal: `id` names a product (all its lines) or a line, as `idType` says, else as it matches. */
    removeLines: (vendorCartId: number | string, id: number, idType?: "PRODUCT" | "CART_PRODUCT") =>
      endpoint<CartResponse>("DELETE", `/carts/${vendorCartId}/products/${id}${queryOf({ idType })}`),
  },
  groupOrders: {
    get: (token: string) => endpoint<GroupOrder>("GET", `/group-orders/${token}`),
    cancel: (token: string) => endpoint<null>("DELETE", `/group-orders/${token}`),
    /** The live socket's path (a socket URL is built on it, under the API's prefix). */
    live: (token: string) => endpoint("GET", `/group-orders/${token}/live`),
    join: (token: string) => endpoint<GroupOrder>("POST", `/group-orders/${token}/members`),
    markMe: (token: string) => endpoint<GroupOrder>("PUT", `/group-orders/${token}/members/me`),
    status: (token: string) => endpoint<GroupOrder>("PUT", `/group-orders/${token}/status`),
    addItem: (token: string) => endpoint<GroupOrder>("POST", `/group-orders/${token}/items`),
    setItemCount: (token: string, cartProductId: number) =>
      endpoint<GroupOrder>("PUT", `/group-orders/${token}/items/${cartProductId}`),
  },
  auth: {
    sendPhoneConfirmation: (phone: string) =>
      endpoint<SendPhoneConfirmationAnswer>(
        "POST",
        `/customer/auth/sendPhoneConfirmation${queryOf({ phone })}`,
      ),
    login: () => endpoint<{ user: CustomerUser; token?: string }>("POST", "/customer/auth/login"),
    logout: () => endpoint("POST", "/customer/auth/logout"),
    ondeLoginByToken: () => endpoint("POST", "/customer/auth/onde/login/by-token"),
    /** Sign-in with the Firebase ID token of a confirmed phone (localities whose OTP provider is Firebase). */
    firebaseLogin: () =>
      endpoint<{ user: CustomerUser; token?: string }>("POST", "/customer/auth/firebase-auth"),
  },
  customer: {
    me: () => endpoint<CustomerUser>("GET", "/customer/me"),
    update: () => endpoint<CustomerUser>("PATCH", "/customer/me"),
    delete: () => endpoint("DELETE", "/customer/me"),
    cart: () => endpoint<CartResponse>("GET", "/customer/me/cart"),
    fcmToken: () => endpoint("PUT", "/customer/me/session/fcm-token"),
    /** This session's browser push subscription: PUT sets it, DELETE ends it. */
    webPush: (method: "PUT" | "DELETE") => endpoint(method, "/customer/me/session/web-push"),
    addresses: () => endpoint<Address[]>("GET", "/customer/me/addresses"),
    addAddress: () => endpoint<{ id: number }, AddressInput>("POST", "/customer/me/addresses"),
    updateAddress: (addressId: number) =>
      endpoint<unknown, AddressInput>("PUT", `/customer/me/addresses/${addressId}`),
    deleteAddress: (addressId: number) => endpoint("DELETE", `/customer/me/addresses/${addressId}`),
    favourites: () => endpoint<Favourites>("GET", "/customer/me/favourites"),
    favouriteVendors: (page?: number) =>
      endpoint<FavouriteVendorsPage>("GET", `/customer/me/favourites/vendors${queryOf({ page })}`),
    favouriteProducts: (page?: number) =>
      endpoint<FavouriteProductsPage>("GET", `/customer/me/favourites/products${queryOf({ page })}`),
    favourite: (kind: string, id: number, on: boolean) =>
      endpoint(on ? "POST" : "DELETE", `/customer/me/favourites/${kind}/${id}`),
    promoCodes: (localityCode?: string) =>
      endpoint<CustomerPromoCodes>("GET", `/customer/me/promo-codes${queryOf({ localityCode })}`),
    referralCode: () => endpoint<ReferralCode>("GET", "/customer/me/promo-codes/referral"),
    loyalty: (localityCode: string) =>
      endpoint<LoyaltyAccount>("GET", `/customer/me/loyalty${queryOf({ localityCode })}`),
    paymentMethods: (localityCode: string, cartId?: string) =>
      endpoint<PaymentMethods>("GET", `/customer/me/payment-methods${queryOf({ localityCode, cartId })}`),
    cards: (localityCode?: string) =>
      endpoint<SavedCards>("GET", `/customer/me/cards${queryOf({ localityCode })}`),
    /** Without `returnPath` the card page returns to the cards page of the customer's language. */
    cardBindForm: (query: { paymentOptionCode: string; localityCode: string; returnPath?: string }) =>
      endpoint<string>("GET", `/customer/me/cards/bind-form${tail(searchOf(query))}`),
    defaultCard: (cardId: number | string) => endpoint("PUT", `/customer/me/cards/${cardId}/default`),
    deleteCard: (cardId: number | string) => endpoint("DELETE", `/customer/me/cards/${cardId}`),
    reviews: (page?: number, size?: number) =>
      endpoint<CustomerReviews>("GET", `/customer/me/reviews${queryOf({ page, size })}`),
    /** A page of the customer's orders; `size` is the API's default unless given. */
    orders: (page?: number, size?: number) =>
      endpoint<CustomerOrders>("GET", `/customer/me/orders${queryOf({ size, page })}`),
    placeOrder: () => endpoint<Order>("POST", "/customer/me/orders"),
    activeOrders: () => endpoint<ActiveOrders>("GET", "/customer/me/orders/active"),
    order: (orderId: number | string) => endpoint<CustomerOrder>("GET", `/customer/me/orders/${orderId}`),
    deliveryPhoto: (orderId: number | string) =>
      endpoint("GET", `/customer/me/orders/${orderId}/delivery-photo`),
    cancelOrder: (orderId: number) =>
      endpoint<Order & { refunded: boolean }>("POST", `/customer/me/orders/${orderId}/cancel`),
    reorder: (orderId: number) =>
      endpoint<{ cartId: string; unavailableItems: Array<{ name: string }> }>(
        "POST",
        `/customer/me/orders/${orderId}/reorder`,
      ),
    orderReviews: (orderId: number) =>
      endpoint<OrderReviews>("GET", `/customer/me/orders/${orderId}/reviews`),
    review: (orderId: number, kind: "vendor" | "courier") =>
      endpoint("POST", `/customer/me/orders/${orderId}/${kind}_review`),
    /** The invoice's PDF; `externalBrowser` answers a signed link to it instead. */
    invoice: (orderId: number) => endpoint("GET", `/customer/me/orders/${orderId}/invoice`),
    invoiceLink: (orderId: number) =>
      endpoint<{ url: string }>(
        "GET",
        `/customer/me/orders/${orderId}/invoice${queryOf({ externalBrowser: true })}`,
      ),
    emailInvoice: (orderId: number) => endpoint("POST", `/customer/me/orders/${orderId}/invoice/email`),
    startGroupOrder: () => endpoint<GroupOrder>("POST", "/customer/me/group-orders"),
    /** The spec's payment calls of one order: payment/create, payment-intent/create, payment/authorize, payment/cancel. */
    payment: (
      orderId: number,
      call: "payment/create" | "payment-intent/create" | "payment/authorize" | "payment/cancel",
    ) => endpoint<PaymentAnswer>("POST", `/customer/me/orders/${orderId}/${call}`),
    /** Pays an online order still waiting for its payment in cash instead (not in the spec). */
    payInCash: (orderId: number) => endpoint<Order>("POST", `/customer/me/orders/${orderId}/payment/cash`),
    /** The spec's removal of a saved card (`deleteCard` without the spec's `/unbind`). */
    unbindCard: (cardId: number | string, localityCode?: string) =>
      endpoint<SavedCards>("DELETE", `/customer/me/cards/${cardId}/unbind${queryOf({ localityCode })}`),
  },
  /** The payment types the partner accepts: in one locality, or anywhere without one (no session). */
  supportedPaymentMethods: (localityCode?: string) =>
    endpoint<PaymentMethods>("GET", `/customer/supported-payment-methods${queryOf({ localityCode })}`),
  /** An order's live tracking socket (a WebSocket); `token`: the native app's session token, sent as its cookie cannot be. */
  trackOrder: (orderId: number | string, token?: string) =>
    endpoint("GET", `/customer/orders/track${queryOf({ orderID: orderId, token })}`),
} as const;

/** A query from values in their order, encoded as a form (URLSearchParams); absent values left out. */
function searchOf(params: Readonly<Record<string, QueryValue>>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  return search;
}

/** The console's API (`/api/console/...`), paths under that prefix. */
export const consoleEndpoints = {
  /** The order board's live feed (a WebSocket). */
  live: () => endpoint("GET", "/live"),
  me: () => endpoint<StaffMember>("GET", "/me"),
  setLocale: () => endpoint<StaffMember>("PUT", "/me/locale"),
  signIn: () => endpoint<StaffMember>("POST", "/session"),
  signOut: () => endpoint("DELETE", "/session"),
  passwordReset: () => endpoint("POST", "/password-reset"),
  password: () => endpoint("POST", "/password"),
  /** The staff list; `Member` is the console's view of one. */
  staff: <Member>() => endpoint<{ staff: Member[] }>("GET", "/staff"),
  inviteStaff: () => endpoint("POST", "/staff"),
  brand: () => endpoint<ConsoleBrand>("GET", "/brand"),
  saveBrand: () => endpoint("PUT", "/brand"),
  brandPicture: (kind: "logo" | "social-image") => endpoint("PUT", `/brand/${kind}`),
  localities: () => endpoint<{ localities: ConsoleLocality[]; mapTileUrl: string }>("GET", "/localities"),
  addLocality: () => endpoint<ConsoleLocality, NewCityInput>("POST", "/localities"),
  zone: (localityCode: string) => endpoint("PUT", `/localities/${code(localityCode)}/zone`),
  citySettings: (localityCode: string) =>
    endpoint<CitySettings>("GET", `/localities/${code(localityCode)}/settings`),
  saveCitySettings: (localityCode: string) => endpoint("PUT", `/localities/${code(localityCode)}/settings`),
  /** A page of orders; `Page` is the caller's view of it. The filters go in the order given. */
  orders: <Page>(filters: { size: number; status?: string; vendorId?: string; date?: string }) =>
    endpoint<Page>("GET", `/orders${tail(searchOf(filters))}`),
  order: (orderId: number | string) => endpoint<ConsoleOrder>("GET", `/orders/${orderId}`),
  deliveryPhoto: (orderId: number | string) => endpoint("GET", `/orders/${orderId}/delivery-photo`),
  assignCourier: (orderId: number | string) => endpoint("POST", `/orders/${orderId}/courier`),
  moveOrder: (orderId: number | string, action: string) => endpoint("POST", `/orders/${orderId}/${action}`),
  /** Gives back part of a paid order's money (owners and managers). */
  refundOrder: (orderId: number | string) => endpoint<ConsoleOrder>("POST", `/orders/${orderId}/refunds`),
  vendor: (vendorId: number | string, locale?: string) =>
    endpoint<ConsoleVendor>("GET", `/vendors/${vendorId}${queryOf({ locale })}`),
  updateVendor: (vendorId: number | string) => endpoint("PATCH", `/vendors/${vendorId}`),
  addVendor: (locale?: string) => endpoint<ConsoleVendor>("POST", `/vendors${queryOf({ locale })}`),
  vendorPicture: (vendorId: number, kind: "cover" | "avatar") =>
    endpoint("PUT", `/vendors/${vendorId}/pictures/${kind}`),
  menu: (vendorId: number | string, locale?: string) =>
    endpoint<ConsoleMenu>("GET", `/vendors/${vendorId}/menu${queryOf({ locale })}`),
  arrangeMenu: (vendorId: number) => endpoint("PUT", `/vendors/${vendorId}/menu/arrangement`),
  addSection: (vendorId: number) => endpoint("POST", `/vendors/${vendorId}/sections`),
  changeSection: (sectionId: number) => endpoint("PATCH", `/sections/${sectionId}`),
  addProduct: (vendorId: number) => endpoint<ConsoleProductDetails>("POST", `/vendors/${vendorId}/products`),
  product: (productId: number | string) => endpoint<ConsoleProductDetails>("GET", `/products/${productId}`),
  saveProduct: (productId: number | string) =>
    endpoint<ConsoleProductDetails>("PUT", `/products/${productId}`),
  changeProduct: (productId: number) => endpoint("PATCH", `/products/${productId}`),
  productPhoto: (productId: number) => endpoint("PUT", `/products/${productId}/photo`),
  reports: (filters: { from: string; to: string; localityCode: string; vendorId?: string }) =>
    endpoint<ConsoleReport>("GET", `/reports${tail(searchOf(filters))}`),
  /** A city's visits that reached a cart, a checkout and an order, per day (the storefront's events). */
  reportFunnel: (filters: { from: string; to: string; localityCode: string }) =>
    endpoint<ConsoleFunnel>("GET", `/reports/funnel${tail(searchOf(filters))}`),
  /** A city's banners; `List` is the console's view of them. */
  banners: <List>(localityCode: string) => endpoint<List>("GET", `/banners${queryOf({ localityCode })}`),
  addBanner: (localityCode: string) => endpoint("POST", `/banners${queryOf({ localityCode })}`),
  saveBanner: (bannerId: number) => endpoint("PUT", `/banners/${bannerId}`),
  deleteBanner: (bannerId: number) => endpoint("DELETE", `/banners/${bannerId}`),
  bannerPicture: (bannerId: number) => endpoint("PUT", `/banners/${bannerId}/picture`),
  categories: (localityCode: string) =>
    endpoint<{ categories: ConsoleCategory[] }>("GET", `/categories${queryOf({ localityCode })}`),
  addCategory: (localityCode: string) => endpoint("POST", `/categories${queryOf({ localityCode })}`),
  saveCategory: (categoryId: number) => endpoint("PUT", `/categories/${categoryId}`),
  /** A delete form without an id asks for `/categories/null`, which the API refuses, as it always did. */
  deleteCategory: (categoryId: number | null) => endpoint("DELETE", `/categories/${categoryId}`),
  categoryPicture: (categoryId: number) => endpoint("PUT", `/categories/${categoryId}/picture`),
  promoCodes: (localityCode: string | null) =>
    endpoint<{ promoCodes: ConsolePromoCode[] }>(
      "GET",
      `/promo-codes${queryOf({ localityCode: localityCode || undefined })}`,
    ),
  addPromoCode: () => endpoint<ConsolePromoCode>("POST", "/promo-codes"),
  changePromoCode: (promoCodeId: number | string) =>
    endpoint<ConsolePromoCode>("PATCH", `/promo-codes/${promoCodeId}`),
  /** The pages titled in `locale` (the console's language), else in the member's chosen one. */
  pages: (locale?: string) =>
    endpoint<{ pages: ConsolePageSummary[] }>("GET", `/pages${queryOf({ locale })}`),
  page: (pageId: number | string) => endpoint<ConsolePage>("GET", `/pages/${pageId}`),
  addPage: () => endpoint<ConsolePage>("POST", "/pages"),
  savePage: (pageId: number | string) => endpoint("PUT", `/pages/${pageId}`),
  /** The couriers; `Courier` narrows the contract's view where a page needs less. */
  couriers: <Courier = ConsoleCourierListed>() => endpoint<{ couriers: Courier[] }>("GET", "/couriers"),
  addCourier: () => endpoint("POST", "/couriers"),
  changeCourier: (courierId: number | string) => endpoint("PATCH", `/couriers/${courierId}`),
  /** The courier has handed in the cash of their deliveries: their count starts again from now. */
  cashHandedIn: (courierId: number | string) =>
    endpoint<ConsoleCourierListed>("POST", `/couriers/${courierId}/cash-handed-in`),
  /** Automatic dispatch's settings: how long a courier has to answer an offer. */
  dispatchSettings: () => endpoint<ConsoleDispatchSettings>("GET", "/dispatch"),
  saveDispatchSettings: () => endpoint<ConsoleDispatchSettings>("PUT", "/dispatch"),
  /** The audit log, newest first, `size` entries before a moment; `Entry` is the console's view of one. */
  audit: <Entry>(size?: number, before?: string | null) =>
    endpoint<{ entries: Entry[] }>("GET", `/audit${queryOf({ size, before: before || undefined })}`),
} as const;

/** The deployment operator's API (`/api/admin/...`), paths under that prefix. */
export const adminEndpoints = {
  partners: () => endpoint<{ partners: AdminPartner[] }>("GET", "/partners"),
  addPartner: () => endpoint<AdminPartner, NewPartnerInput>("POST", "/partners"),
  partnerStatus: (partnerCode: string) => endpoint("PUT", `/partners/${code(partnerCode)}/status`),
  /** The partner's card processor: GET it, PUT its own Stripe account, DELETE to use the deployment's. */
  partnerPayments: (partnerCode: string, method: "GET" | "PUT" | "DELETE" = "GET") =>
    endpoint<PartnerPayments>(method, `/partners/${code(partnerCode)}/payments`),
  /** The partner's Firebase phone sign-in: GET it, PUT its project and cities, DELETE for SMS codes everywhere. */
  partnerFirebase: (partnerCode: string, method: "GET" | "PUT" | "DELETE" = "GET") =>
    endpoint<PartnerFirebase>(method, `/partners/${code(partnerCode)}/firebase`),
  partnerPush: (partnerCode: string, method: "GET" | "PUT" | "DELETE" = "GET") =>
    endpoint<PartnerPush>(method, `/partners/${code(partnerCode)}/push`),
} as const;

/** The operator's order API (`/api/ops/...`, an ops key in its header), paths under that prefix. */
export const opsEndpoints = {
  orders: (filters: { status?: string; size?: number; page?: number } = {}) =>
    endpoint<{ content: Order[]; page: number; size: number; totalElements: number; totalPages: number }>(
      "GET",
      `/orders${queryOf(filters)}`,
    ),
  consoleVendors: () => endpoint<{ vendorIds: number[] }>("GET", "/console-vendors"),
  moveOrder: (orderId: number | string, action: ConsoleOrderAction) =>
    endpoint<Order>("POST", `/orders/${orderId}/${action}`),
  assignCourier: (orderId: number | string) => endpoint("POST", `/orders/${orderId}/courier`),
  courierLocation: (orderId: number | string) => endpoint("POST", `/orders/${orderId}/courier-location`),
  changeProduct: (productId: number | string) => endpoint("PATCH", `/products/${productId}`),
  alertTexts: () => endpoint("PUT", "/partner/alert-texts"),
} as const;

/** Where the courier app's API lives: `courierEndpoints` paths are under it. */
export const COURIER_API_PREFIX = "/api/courier";

/** The courier app's API (`/api/courier/...`, its session's cookie or bearer token), paths under that prefix. */
export const courierEndpoints = {
  sendPhoneConfirmation: (phone: string) =>
    endpoint<SendPhoneConfirmationAnswer>("POST", `/auth/sendPhoneConfirmation${queryOf({ phone })}`),
  login: () => endpoint<{ courier: CourierAccount; token?: string }>("POST", "/auth/login"),
  logout: () => endpoint("POST", "/auth/logout"),
  me: () => endpoint<CourierAccount>("GET", "/me"),
  shift: () => endpoint<CourierAccount>("PUT", "/me/shift"),
  location: () => endpoint("PUT", "/me/location"),
  jobs: () => endpoint<CourierJobs>("GET", "/me/jobs"),
  shiftReport: () => endpoint<CourierShiftReport>("GET", "/me/shift-report"),
  step: (orderId: number | string, step: "picked-up" | "arrived" | "delivered") =>
    endpoint<CourierJob | null>("POST", `/me/jobs/${orderId}/${step}`),
  accept: (orderId: number | string) => endpoint<CourierJob>("POST", `/me/jobs/${orderId}/accept`),
  decline: (orderId: number | string) => endpoint("POST", `/me/jobs/${orderId}/decline`),
  noticeSeen: (noticeId: number | string) => endpoint("POST", `/me/notices/${noticeId}/seen`),
  /** The live socket (WebSocket): JOBS_CHANGED whenever the courier's offers or jobs change. */
  live: (query: { token?: string } = {}) => endpoint("GET", `/live${queryOf(query)}`),
} as const;

/** The demo's doors (`/api/dev/...`, demo mode only), paths under that prefix. */
export const devEndpoints = {
  /** The messages the outbox sent, newest first; `to` narrows them to one recipient. */
  outbox: (query: { to?: string; limit?: number } = {}) => endpoint("GET", `/outbox${queryOf(query)}`),
  theme: (partnerCode: string) => endpoint("PUT", `/partners/${code(partnerCode)}/theme`),
  links: (partnerCode: string) => endpoint("PUT", `/partners/${code(partnerCode)}/links`),
} as const;
