import { useId } from "react";
import { useT } from "../lib/i18n.ts";
import { usePopupsOnScreen } from "../lib/screen.ts";
import { Icon } from "./icons.tsx";

/**
 * A short explanation next to a figure: a popup on phones (tap), a tooltip on desktop (hover or
 * keyboard focus), as section 2 has it. The server renders the desktop form; the phone's 44 px
 * button takes the same 32 px in the layout (negative margin), so hydration moves nothing.
 * `inText`: it follows the last word of a label that may wrap, and takes no more than a line's
 * height there, so a label with it lines up with one without.
 */
export function InfoHint({ label, text, inText = false }: { label: string; text: string; inText?: boolean }) {
  const t = useT();
  const id = useId();
  if (usePopupsOnScreen()) {
    return (
      <>
        <button
          type="button"
          popoverTarget={`${id}-popup`}
          className={`${inText ? "-mx-1.5 -my-3 inline-grid align-middle" : "-m-1.5 grid"} size-11 place-items-center text-ink-soft`}
          aria-label={label}
        >
          <Icon name="info" className="size-5" />
        </button>
        <div
          id={`${id}-popup`}
          popover="auto"
          role="dialog"
          aria-label={label}
          className="m-0 w-full rounded-t-3xl bg-white p-5 shadow-2xl [inset:auto_0_0_0]"
        >
          <p className="font-semibold">{label}</p>
          <p className="mt-1 text-ink-soft">{text}</p>
          <button
            type="button"
            popoverTarget={`${id}-popup`}
            popoverTargetAction="hide"
            className="mt-4 min-h-11 w-full rounded-full bg-brand font-medium text-brand-ink"
          >
            {t("common.understood")}
          </button>
        </div>
      </>
    );
  }
  return (
    <span className={`group relative inline-grid ${inText ? "-my-1.5 align-middle" : ""}`}>
      <button
        type="button"
        className="grid size-8 place-items-center text-ink-soft"
        aria-label={label}
        aria-describedby={`${id}-tip`}
      >
        <Icon name="info" className="size-5" />
      </button>
      <span
        id={`${id}-tip`}
        role="tooltip"
        className="pointer-events-none absolute bottom-full start-1/2 z-20 mb-2 hidden w-60 -translate-x-1/2 rounded-xl bg-ink px-3 py-2 text-sm text-white shadow-lg group-focus-within:block group-hover:block rtl:translate-x-1/2"
      >
        {text}
      </span>
    </span>
  );
}
