import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useState } from "react";
import { clientSend } from "../lib/api.client.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { Icon } from "./icons.tsx";

const LOOKS = {
  /** A white disc that stays readable over a picture, above a card's full-size link. */
  onPicture: "relative z-10 grid size-11 place-items-center rounded-full bg-white/95 shadow-sm",
  /** Beside other round icon buttons (a modal's close). */
  plain: "relative z-10 grid size-11 shrink-0 place-items-center rounded-full hover:bg-black/5",
} as const;

/**
 * The heart on a vendor or product, for signed-in customers: it flips at once and settles to the
 * API's answer (flipping back if the API refused).
 */
export function FavouriteButton({
  kind,
  id,
  name,
  look = "onPicture",
}: {
  kind: "vendors" | "products";
  id: number;
  name: string;
  look?: keyof typeof LOOKS;
}) {
  const t = useT();
  const locale = useLocale();
  const { client, user, favouriteVendorIds, favouriteProductIds } = useStorefront();
  const saved = (kind === "vendors" ? favouriteVendorIds : favouriteProductIds).includes(id);
  const [on, setOn] = useState(saved);
  useEffect(() => setOn(saved), [saved]);
  if (!user) return null;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={t("favourites.toggle", { name })}
      onClick={async () => {
        const next = !on;
        setOn(next);
        const sent = await clientSend(client, endpoints.customer.favourite(kind, id, next), locale);
        if (!sent.ok) setOn(!next);
      }}
      className={LOOKS[look]}
    >
      <Icon name={on ? "heart-filled" : "heart"} className={`size-6 ${on ? "text-brand" : "text-ink"}`} />
    </button>
  );
}
