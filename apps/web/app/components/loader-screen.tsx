import { useT } from "../lib/i18n.ts";
import { mediaUrl } from "../lib/media-url.ts";

/**
 * The loader screen: the partner's logo (or its text logo) and a spinner over the page, while a
 * whole catalogue is being replaced (switching locality). It fades in only after a moment, so a
 * quick switch shows no flash.
 */
export function LoaderScreen({ platformName, logoUrl }: { platformName: string; logoUrl: string | null }) {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t("loader.label")}
      className="fixed inset-0 z-[70] grid animate-[fade-in_0.2s_ease-out_0.3s_both] place-items-center bg-white/90"
    >
      <div className="grid justify-items-center gap-5">
        {logoUrl ? (
          <img src={mediaUrl(logoUrl)} alt={platformName} height={48} className="h-12 w-auto" />
        ) : (
          <span className="text-3xl font-bold tracking-tight text-brand">{platformName}</span>
        )}
        <span
          className="size-8 animate-spin rounded-full border-4 border-brand/25 border-t-brand"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
