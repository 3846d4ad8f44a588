import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { returnFocus } from "../lib/focus.ts";
import { useT } from "../lib/i18n.ts";
import { useScrollLock } from "../lib/scroll-lock.ts";
import { Icon } from "./icons.tsx";

const SIZES = {
  md: "md:m-auto md:rounded-3xl md:max-w-lg",
  lg: "md:m-auto md:rounded-3xl md:max-w-3xl",
  side: "md:my-0 md:me-0 md:ms-auto md:h-dvh md:max-h-dvh md:w-[36rem] md:rounded-none md:rounded-s-3xl",
} as const;

/**
 * A modal on the browser's <dialog>: focus, Escape and the top layer come from the browser; this
 * adds closing on an outside click (unless `dismissOnBackdrop` is false) and locks page scrolling.
 * It is rendered open on the server too, so a modal URL works before JavaScript loads.
 */
export function Modal({
  title,
  onClose,
  children,
  dismissOnBackdrop = true,
  size = "md",
  action = null,
}: {
  title: string;
  /** A control beside the close button (the cart's clear). */
  action?: React.ReactNode;
  onClose: () => void;
  children: React.ReactNode;
  dismissOnBackdrop?: boolean;
  /** "side": a panel along the end edge on desktop, 36rem wide (the cart). */
  size?: "md" | "lg" | "side";
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  // What had the focus when the modal opened (the link that opened it), taken before the title
  // takes the focus; none when the page was loaded with the modal open.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // showModal() focuses the dialog's first focusable element: the focus React's autoFocus gave
    // (the title, or the search's field) stays.
    const focused = document.activeElement;
    // Reopen as a modal (server-rendered dialogs arrive open but not modal).
    if (element.open) element.close();
    element.showModal();
    if (focused instanceof HTMLElement && element.contains(focused)) focused.focus();
  }, []);
  useScrollLock(true);
  // A modal closes by leaving the page (its URL parameter goes), which would drop the focus at the
  // page's start: it goes back to the opener. A layout effect's cleanup runs while the dialog is
  // still in the page, so it can close it first (the page outside a modal dialog takes no focus).
  useLayoutEffect(() => {
    const element = dialog.current;
    return () => {
      element?.close();
      returnFocus(opener);
    };
  }, [opener]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; keyboard users close with Escape (the dialog's cancel event)
    <dialog
      ref={dialog}
      open
      aria-labelledby="modal-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (dismissOnBackdrop && event.target === event.currentTarget) onClose();
      }}
      className={`fixed inset-0 z-50 m-0 mt-auto max-h-[92dvh] w-full max-w-none overflow-hidden rounded-t-3xl bg-white p-0 text-ink shadow-2xl ${SIZES[size]}`}
    >
      <div className={`flex max-h-[92dvh] flex-col ${size === "side" ? "md:h-dvh md:max-h-dvh" : ""}`}>
        <div className="flex items-center gap-2 border-b border-line px-5 py-3">
          {/* The title takes the first focus, so a screen reader announces it and no button looks pressed. */}
          {/* biome-ignore lint/a11y/noAutofocus: a dialog's initial focus */}
          <h2 id="modal-title" tabIndex={-1} autoFocus className="text-lg font-semibold outline-none">
            {title}
          </h2>
          <span className="ms-auto">{action}</span>
          <button
            type="button"
            onClick={onClose}
            className="grid size-11 place-items-center rounded-full hover:bg-black/5"
            aria-label={t("common.close")}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="overflow-y-auto">{children}</div>
      </div>
    </dialog>
  );
}
