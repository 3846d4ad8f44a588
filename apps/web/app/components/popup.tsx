import { useEffect, useRef } from "react";
import { useT } from "../lib/i18n.ts";
import { Icon } from "./icons.tsx";

/** The CSS anchor name that ties a popup to its button (for the desktop dropdown). */
const anchorOf = (id: string) => `--popup-${id.replace(/[^a-zA-Z0-9_-]/g, "")}`;

/**
 * What the button that opens popup `id` carries: the browser opens the popup on a tap even before
 * the page is live, and on desktop the popup hangs from this button.
 */
export function popupButton(id: string) {
  return { popoverTarget: id, "aria-haspopup": "dialog" as const, ...popupAnchor(id) };
}

/** What an element that popup `id` hangs from on desktop carries, when code opens the popup. */
export function popupAnchor(id: string) {
  return { style: { anchorName: anchorOf(id) } as React.CSSProperties };
}

/** Opens popup `id` from code (after its content has loaded). */
export function showPopup(id: string) {
  const element = document.getElementById(id);
  if (element && !element.matches(":popover-open")) element.showPopover();
}

/** Closes popup `id` (after a choice in it). */
export function hidePopup(id: string) {
  const element = document.getElementById(id);
  if (element?.matches(":popover-open")) element.hidePopover();
}

/**
 * A popup of section 2: a sheet from the bottom with its title and a close button on phones, and
 * on desktop the tooltip form, a dropdown hanging from its button (the layout breakpoint, 768 px,
 * is Tailwind's `md`). The browser's popover brings the top layer, Escape and the outside click.
 * `onOpen` runs each time it opens (to load what it lists).
 */
export function Popup({
  id,
  label,
  onOpen,
  children,
}: {
  id: string;
  label: string;
  onOpen?: () => void;
  children: React.ReactNode;
}) {
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;
  useEffect(() => {
    const element = panel.current;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") opened.current?.();
    };
    element?.addEventListener("toggle", onToggle);
    // Opened by a tap before the page was live.
    if (element?.matches(":popover-open")) opened.current?.();
    return () => element?.removeEventListener("toggle", onToggle);
  }, []);
  return (
    <div
      ref={panel}
      id={id}
      popover="auto"
      role="dialog"
      aria-label={label}
      className="m-0 max-h-[80dvh] w-full overflow-y-auto rounded-t-3xl bg-white text-ink shadow-2xl [inset:auto_0_0_0] md:mt-2 md:max-h-[60dvh] md:w-[24rem] md:max-w-[calc(100vw-2rem)] md:rounded-3xl md:ring-1 md:ring-black/5 md:[inset:auto] md:[inset-inline-start:anchor(start)] md:[position-try-fallbacks:flip-block] md:[top:anchor(bottom)]"
      style={{ positionAnchor: anchorOf(id) } as React.CSSProperties}
    >
      <div className="flex items-center gap-2 border-b border-line px-5 py-2 md:hidden">
        <p className="text-lg font-semibold">{label}</p>
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          className="ms-auto grid size-11 place-items-center rounded-full hover:bg-black/5"
          aria-label={t("common.close")}
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="p-4">{children}</div>
    </div>
  );
}
