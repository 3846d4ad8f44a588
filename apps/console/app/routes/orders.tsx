import { awaitsCourier, CALENDAR_INPUT_BOUNDS } from "@storefront/domain";
import { type ConsoleOrder, ORDER_STATUSES, type StaffMember } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import {
  Form,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useOutletContext,
  useParams,
  useSubmit,
} from "react-router";
import { itemCount, StatusBadge, useOrderFormat } from "../components/order-facts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { consoleApi, signInRedirect } from "../lib/api.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/orders";

interface OrdersPage {
  content: ConsoleOrder[];
  totalElements: number;
}

/** The board's filters, from the address: status (ACTIVE by default), vendor and day. */
function filtersOf(url: URL) {
  return {
    status: url.searchParams.get("status") ?? "ACTIVE",
    vendorId: url.searchParams.get("vendorId") ?? "",
    date: url.searchParams.get("date") ?? "",
  };
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const filters = filtersOf(new URL(request.url));
  try {
    return { filters, page: await consoleApi(consoleEndpoints.orders<OrdersPage>({ size: 60, ...filters })) };
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

function Filters({ member, filters }: { member: StaffMember; filters: ReturnType<typeof filtersOf> }) {
  const t = useT();
  const submit = useSubmit();
  const field = "rounded-lg border border-line bg-white px-2 py-1.5";
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3"
      onChange={(event) => submit(event.currentTarget, { replace: true })}
    >
      <div className="grid gap-1 text-sm">
        <label htmlFor="filter-status">{t("orders.filter.status")}</label>
        <select id="filter-status" name="status" defaultValue={filters.status} className={field}>
          <option value="ACTIVE">{t("orders.filter.active")}</option>
          <option value="">{t("orders.filter.all")}</option>
          {ORDER_STATUSES.filter((status) => status !== "CREATED").map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      {member.vendors.length > 1 ? (
        <div className="grid gap-1 text-sm">
          <label htmlFor="filter-vendor">{t("orders.filter.vendor")}</label>
          <select id="filter-vendor" name="vendorId" defaultValue={filters.vendorId} className={field}>
            <option value="">{t("orders.filter.allVendors")}</option>
            {member.vendors.map((vendor) => (
              <option key={vendor.id} value={vendor.id}>
                {vendor.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="grid gap-1 text-sm">
        <label htmlFor="filter-date">{t("orders.filter.date")}</label>
        <input
          id="filter-date"
          type="date"
          name="date"
          {...CALENDAR_INPUT_BOUNDS.date}
          defaultValue={filters.date}
          className={field}
        />
      </div>
    </Form>
  );
}

function OrderCard({ order, selected }: { order: ConsoleOrder; selected: boolean }) {
  const t = useT();
  const format = useOrderFormat();
  const { search } = useLocation();
  const waiting = order.status === "WAITING_APPROVAL";
  return (
    <li>
      <Link
        to={`${order.id}${search}`}
        aria-current={selected ? "true" : undefined}
        className={`block rounded-xl bg-white p-4 ring-1 transition ${selected ? "ring-2 ring-accent" : waiting ? "ring-amber-400" : "ring-line"}`}
      >
        <div className="flex items-center justify-between gap-2">
          <p className="font-semibold">{t("orders.number", { id: order.id })}</p>
          <StatusBadge status={order.status} />
        </div>
        <p className="mt-1 truncate text-sm">{order.vendorCarts.map((cart) => cart.vendorName).join(", ")}</p>
        <p className="mt-1 text-ink-soft text-sm">
          {format.time(order, order.createdAt)} · {t(`receipt.${order.receiptType}`)} ·{" "}
          {t("orders.items", { count: itemCount(order) })} · {format.money(order, order.price)}
        </p>
        {order.preorderAt ? (
          <p className="mt-1 text-amber-800 text-sm">
            {t("orders.preorderFor", { time: format.dateTime(order, order.preorderAt) })}
          </p>
        ) : null}
        {awaitsCourier(order) ? (
          <p className="mt-1 font-medium text-amber-800 text-sm">{t("orders.awaitingCourier")}</p>
        ) : null}
      </Link>
    </li>
  );
}

export default function Orders() {
  const t = useT();
  const member = useOutletContext<StaffMember>();
  const { filters, page } = useLoaderData<typeof clientLoader>();
  const { id } = useParams();
  return (
    <main
      className={`mx-auto grid max-w-screen-2xl gap-4 p-4 ${id ? "lg:grid-cols-[minmax(0,1fr)_30rem]" : ""}`}
    >
      {id ? null : <PageTitle>{t("orders.title")}</PageTitle>}
      <section className={id ? "hidden lg:block" : ""} aria-labelledby="board-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 id="board-title" className="font-semibold text-2xl">
            {t("orders.title")}
          </h1>
          <Filters member={member} filters={filters} />
        </div>
        <p className="mt-3 text-ink-soft text-sm">{t("orders.count", { count: page.totalElements })}</p>
        {page.content.length === 0 ? (
          <p className="mt-8 rounded-xl bg-white p-8 text-center text-ink-soft ring-1 ring-line">
            {t("orders.empty")}
          </p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {page.content.map((order) => (
              <OrderCard key={order.id} order={order} selected={String(order.id) === id} />
            ))}
          </ul>
        )}
      </section>
      <Outlet context={member} />
    </main>
  );
}
