import { useEffect, useState } from "react";
import { clientSend } from "../lib/api.client.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { Icon } from "./icons.tsx";

/**
 * The heart on a vendor card, for signed-in customers: it flips at once and settles to the API's
 * answer (flipping back if the API refused).
 */
export function FavouriteButton({ vendorId, vendorName }: { vendorId: number; vendorName: string }) {
  const t = useT();
  const locale = useLocale();
  const { client, user, favouriteVendorIds } = useStorefront();
  const saved = favouriteVendorIds.includes(vendorId);
  const [on, setOn] = useState(saved);
  useEffect(() => setOn(saved), [saved]);
  if (!user) return null;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={t("favourites.toggle", { name: vendorName })}
      onClick={async () => {
        const next = !on;
        setOn(next);
        const sent = await clientSend(
          client,
          next ? "POST" : "DELETE",
          `/customer/me/favourites/vendors/${vendorId}`,
          locale,
        );
        if (!sent.ok) setOn(!next);
      }}
      className="relative z-10 grid size-11 place-items-center rounded-full bg-white/95 shadow-sm"
    >
      <Icon name="heart" className={`size-6 ${on ? "fill-current text-brand" : "text-ink"}`} />
    </button>
  );
}
