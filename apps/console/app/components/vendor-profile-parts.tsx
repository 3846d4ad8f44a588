import type { ConsoleVendor } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { useT } from "../lib/i18n.ts";
import { PhotoPicker } from "./photo-picker.tsx";

/** The vendor's cover picture and logo, each replaced at once by a file chosen. */
export function VendorPictures({ vendor }: { vendor: ConsoleVendor }) {
  const t = useT();
  return (
    <section className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line" aria-labelledby="pictures">
      <h2 id="pictures" className="font-semibold text-lg">
        {t("vendor.pictures")}
      </h2>
      <p className="text-ink-soft text-sm">{t("vendor.picturesIntro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1">
          <p className="font-medium text-sm">{t("vendor.cover")}</p>
          <PhotoPicker
            current={vendor.cover}
            upload={consoleEndpoints.vendorPicture(vendor.id, "cover")}
            label={t("vendor.coverOf", { vendor: vendor.name })}
            tooSmall="menus.photoTooSmall"
            width={150}
            height={100}
          />
        </div>
        <div className="grid content-start gap-1">
          <p className="font-medium text-sm">{t("vendor.avatar")}</p>
          <PhotoPicker
            current={vendor.avatar}
            upload={consoleEndpoints.vendorPicture(vendor.id, "avatar")}
            label={t("vendor.avatarOf", { vendor: vendor.name })}
            tooSmall="vendor.avatarTooSmall"
            width={64}
            height={64}
          />
        </div>
      </div>
    </section>
  );
}

/**
 * The city's categories as checkboxes named `categoryIds`, each parent with its children beneath
 * it, those the vendor is listed under checked.
 */
export function VendorCategories({ vendor, invalid }: { vendor: ConsoleVendor; invalid: boolean }) {
  const t = useT();
  const choices = vendor.categoryChoices;
  const box = (category: (typeof choices)[number]) => (
    <label key={category.id} className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name="categoryIds"
        value={category.id}
        defaultChecked={vendor.categoryIds.includes(category.id)}
        className="size-4"
      />
      {category.name}
    </label>
  );
  return (
    <fieldset
      className="rounded-2xl bg-white p-4 ring-1 ring-line"
      aria-describedby="categories-hint"
      aria-invalid={invalid || undefined}
    >
      <legend className="float-start mb-1 w-full font-semibold text-lg">{t("vendor.categories")}</legend>
      <p id="categories-hint" className="clear-both text-ink-soft text-sm">
        {t("vendor.categoriesHint")}
      </p>
      <div className="mt-2 grid gap-3">
        {choices
          .filter((category) => category.parentId === null)
          .map((parent) => {
            const children = choices.filter((category) => category.parentId === parent.id);
            return (
              <div key={parent.id} className="grid gap-1">
                <div className="font-medium">{box(parent)}</div>
                {children.length ? (
                  <div className="grid gap-x-4 gap-y-1 ps-6 sm:grid-cols-2 lg:grid-cols-3">
                    {children.map(box)}
                  </div>
                ) : null}
              </div>
            );
          })}
      </div>
    </fieldset>
  );
}
