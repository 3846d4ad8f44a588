import type { ConsoleMenu } from "@storefront/domain/contract";
import { useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "react-router";
import { ConsoleApiError, consoleApi, consoleUpload, signInRedirect } from "../lib/api.ts";
import { API_ORIGIN } from "../lib/api-origin.ts";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/menus-vendor";

type Product = ConsoleMenu["sections"][number]["products"][number];

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    return await consoleApi<ConsoleMenu>(`/vendors/${params.vendorId}/menu?locale=${params.locale}`);
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** One product's row saved: its prices, whether it is sold out, whether it is listed. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const productId = Number(form.get("productId"));
  const discount = String(form.get("discountPrice") ?? "").trim();
  try {
    await consoleApi(`/products/${productId}`, {
      method: "PATCH",
      body: {
        price: Number(form.get("price")),
        discountPrice: discount === "" ? null : Number(discount),
        available: form.get("soldOut") !== "on",
        visible: form.get("hidden") !== "on",
      },
    });
    return { productId, saved: true, field: null };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 400)
      return { productId, saved: false, field: error.body.details?.[0]?.field ?? "price" };
    return signInRedirect(error, params.locale, request);
  }
}

/** What an upload's refusal says to the member. */
const PHOTO_ERRORS: Record<number, MessageKey> = { 413: "menus.photoTooBig", 415: "menus.photoType" };

/** The product's photo, and a file picker that replaces it at once (made into the storefront's sizes). */
function ProductPhoto({ product }: { product: Product }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ busy: boolean; message: MessageKey | null; good: boolean }>({
    busy: false,
    message: null,
    good: false,
  });
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, message: null, good: false });
    try {
      await consoleUpload(`/products/${product.id}/photo`, file);
      setState({ busy: false, message: "menus.photoSaved", good: true });
      void revalidator.revalidate();
    } catch (error) {
      const status = error instanceof ConsoleApiError ? error.status : 0;
      const small = error instanceof ConsoleApiError && error.body.errorCode === "TOO_SMALL";
      setState({
        busy: false,
        message: small ? "menus.photoTooSmall" : (PHOTO_ERRORS[status] ?? "menus.photoType"),
        good: false,
      });
    }
  };
  return (
    <div className="flex items-center gap-2">
      {product.photo ? (
        <img
          src={`${API_ORIGIN}${product.photo}`}
          alt=""
          width={60}
          height={40}
          className="rounded-md object-cover"
        />
      ) : (
        <span className="grid h-10 w-[60px] place-items-center rounded-md bg-surface text-ink-soft text-xs">
          {t("menus.noPhoto")}
        </span>
      )}
      <label className="cursor-pointer rounded-lg border border-line px-2 py-1 text-sm">
        {state.busy ? t("menus.photoUploading") : t("menus.changePhoto")}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={t("menus.photoOf", { product: product.name })}
          className="sr-only"
          disabled={state.busy}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </label>
      {state.message ? (
        <span role="status" className={`text-sm ${state.good ? "text-emerald-800" : "text-red-800"}`}>
          {t(state.message)}
        </span>
      ) : null}
    </div>
  );
}

function ProductRow({ product }: { product: Product }) {
  const t = useT();
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("productId") === String(product.id);
  const mine = result?.productId === product.id ? result : null;
  const input = "w-28 rounded-lg border border-line px-2 py-1.5 tabular-nums";
  const id = (field: string) => `product-${product.id}-${field}`;
  return (
    <li>
      <Form
        method="post"
        aria-label={product.name}
        className="grid items-end gap-3 rounded-xl bg-white p-3 ring-1 ring-line sm:grid-cols-[1fr_auto_auto_auto_auto_auto]"
      >
        <input type="hidden" name="productId" value={product.id} />
        <div className="grid gap-2">
          <p className={`font-medium ${product.visible ? "" : "text-ink-soft line-through"}`}>
            {product.name}
          </p>
          <ProductPhoto product={product} />
        </div>
        <div className="grid gap-1 text-sm">
          <label htmlFor={id("price")}>{t("menus.price")}</label>
          <input
            id={id("price")}
            name="price"
            type="number"
            step="0.01"
            min="0.01"
            required
            defaultValue={product.price}
            aria-invalid={mine?.field === "price" || undefined}
            className={input}
          />
        </div>
        <div className="grid gap-1 text-sm">
          <label htmlFor={id("discount")}>{t("menus.discountPrice")}</label>
          <input
            id={id("discount")}
            name="discountPrice"
            type="number"
            step="0.01"
            min="0.01"
            defaultValue={product.discountPrice ?? ""}
            aria-invalid={mine?.field === "discountPrice" || undefined}
            className={input}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="soldOut" defaultChecked={!product.available} className="size-4" />
          {t("menus.soldOut")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="hidden" defaultChecked={!product.visible} className="size-4" />
          {t("menus.hidden")}
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-accent px-4 py-1.5 font-semibold text-white"
        >
          {t("menus.save")}
        </button>
        {mine ? (
          <p
            role="status"
            className={`text-sm sm:col-span-6 ${mine.saved ? "text-emerald-800" : "text-red-800"}`}
          >
            {mine.saved
              ? t("menus.saved")
              : mine.field === "discountPrice"
                ? t("menus.discountInvalid")
                : t("menus.priceInvalid")}
          </p>
        ) : null}
      </Form>
    </li>
  );
}

export default function VendorMenu() {
  const t = useT();
  const menu = useLoaderData<typeof clientLoader>();
  return (
    <main className="mx-auto max-w-screen-lg p-4">
      <Link to=".." relative="path" className="text-accent text-sm underline">
        {t("menus.allVendors")}
      </Link>
      <h1 className="mt-1 font-semibold text-2xl">{t("menus.vendorTitle", { vendor: menu.vendor.name })}</h1>
      <Link
        to={`../../vendors/${menu.vendor.id}`}
        relative="path"
        className="mt-1 inline-block text-accent text-sm underline"
      >
        {t("vendor.settingsLink")}
      </Link>
      <p className="mt-1 text-ink-soft text-sm">{t("menus.intro", { currency: menu.vendor.currencyCode })}</p>
      {menu.sections.map((section) => (
        <section key={section.id} className="mt-6" aria-labelledby={`section-${section.id}`}>
          <h2 id={`section-${section.id}`} className="font-semibold text-lg">
            {section.name}
          </h2>
          <ul className="mt-2 grid gap-2">
            {section.products.map((product) => (
              <ProductRow key={product.id} product={product} />
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
