import type { ConsoleMenu } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { useT } from "../lib/i18n.ts";
import { DragHandle, ToolButton } from "./menu-tools.tsx";
import { PhotoPicker } from "./photo-picker.tsx";

type Product = ConsoleMenu["sections"][number]["products"][number];

/** What the menu's action answers for a product's row: saved, or the field refused. */
export type ProductRowResult = { productId: number; saved: boolean; field: string | null };

/**
 * A product on the menu screen: its quick fields (prices, sold out, hidden, photo) saved by the
 * route's action, a link to its editor, and its arranging controls.
 */
export function ProductRow({
  product,
  first,
  last,
  onStep,
  onDragStart,
  onDragEnd,
  dropHere,
}: {
  product: Product;
  first: boolean;
  last: boolean;
  onStep: (direction: -1 | 1) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  /** While a product is dragged: dropping it here puts it before this one. */
  dropHere: (() => void) | null;
}) {
  const t = useT();
  const result = useActionData<ProductRowResult | undefined>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("productId") === String(product.id);
  const mine = result?.productId === product.id ? result : null;
  const input = "w-28 rounded-lg border border-line px-2 py-1.5 tabular-nums";
  const id = (field: string) => `product-${product.id}-${field}`;
  return (
    <li
      onDragOver={(event) => dropHere && event.preventDefault()}
      onDrop={(event) => {
        if (!dropHere) return;
        event.preventDefault();
        event.stopPropagation();
        dropHere();
      }}
      className="flex items-stretch gap-2"
    >
      <div className="flex flex-col items-center gap-1">
        <DragHandle
          label={t("menus.dragProduct", { name: product.name })}
          payload={`product:${product.id}`}
          onStart={onDragStart}
          onEnd={onDragEnd}
        />
        <ToolButton
          label={t("menus.productUp", { name: product.name })}
          disabled={first}
          onClick={() => onStep(-1)}
        >
          ↑
        </ToolButton>
        <ToolButton
          label={t("menus.productDown", { name: product.name })}
          disabled={last}
          onClick={() => onStep(1)}
        >
          ↓
        </ToolButton>
      </div>
      <Form
        method="post"
        aria-label={product.name}
        className="grid min-w-0 flex-1 items-end gap-3 rounded-xl bg-white p-3 ring-1 ring-line sm:grid-cols-[minmax(0,1fr)_auto_auto] lg:grid-cols-[minmax(0,1fr)_auto_auto_auto_auto_auto]"
      >
        <input type="hidden" name="productId" value={product.id} />
        <div className="grid gap-2">
          <p className={`font-medium ${product.visible ? "" : "text-ink-soft line-through"}`}>
            {product.name}
          </p>
          <Link
            to={`products/${product.id}`}
            aria-label={t("menus.editProduct", { name: product.name })}
            className="justify-self-start text-accent text-sm underline"
          >
            {t("menus.edit")}
          </Link>
          <PhotoPicker
            current={product.photo}
            upload={consoleEndpoints.productPhoto(product.id)}
            label={t("menus.photoOf", { product: product.name })}
            tooSmall="menus.photoTooSmall"
            width={60}
            height={40}
          />
        </div>
        {(["price", "discountPrice"] as const).map((field) => (
          <div key={field} className="grid gap-1 text-sm">
            <label htmlFor={id(field)}>{t(`menus.${field}`)}</label>
            <input
              id={id(field)}
              name={field}
              type="number"
              step="0.01"
              min="0.01"
              required={field === "price"}
              defaultValue={product[field] ?? ""}
              aria-invalid={mine?.field === field || undefined}
              className={input}
            />
          </div>
        ))}
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
            className={`col-span-full text-sm ${mine.saved ? "text-emerald-800" : "text-red-800"}`}
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
