import { useWords } from "../lib/i18n.ts";

/**
 * The one big switch of the shift: on, the app gets offers, keeps the screen awake and shares the
 * courier's position; off, none of it.
 */
export function ShiftSwitch({
  onShift,
  busy,
  onToggle,
}: {
  onShift: boolean;
  busy: boolean;
  onToggle: () => void;
}) {
  const { t } = useWords();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={onShift}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={onToggle}
      className={`flex min-h-20 w-full items-center justify-between gap-4 rounded-2xl border-2 px-5 text-start disabled:opacity-70 ${
        onShift ? "border-good bg-[#e6f4ea]" : "border-ink bg-white"
      }`}
    >
      <span className="flex flex-col">
        <span className="text-2xl font-bold">{t("shift.switch")}</span>
        <span aria-hidden="true" className={`font-semibold ${onShift ? "text-good" : "text-ink-soft"}`}>
          {onShift ? t("shift.on") : t("shift.off")}
        </span>
      </span>
      <span
        aria-hidden="true"
        className={`flex h-10 w-18 shrink-0 items-center rounded-full border-2 p-1 ${
          onShift ? "justify-end border-good bg-good" : "justify-start border-ink bg-surface"
        }`}
      >
        <span className={`size-7 rounded-full ${onShift ? "bg-white" : "bg-ink"}`} />
      </span>
    </button>
  );
}
