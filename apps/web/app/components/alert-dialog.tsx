import { useEffect, useId, useRef } from "react";
import { useScrollLock } from "../lib/scroll-lock.ts";

export interface AlertButton {
  label: string;
  onClick: () => void;
  /** The main action is filled with the brand colour. */
  primary?: boolean;
}

/**
 * The one alert dialog of the app: a message with one button (an alert: "Got it") or two or three
 * (a confirmation). Opened and closed by its `open` flag; Escape and a click on the backdrop close
 * it as the first button's alternative would, through `onDismiss`.
 */
export function AlertDialog({
  open,
  title,
  message,
  buttons,
  onDismiss,
}: {
  open: boolean;
  title: string;
  message?: string;
  buttons: [AlertButton] | [AlertButton, AlertButton] | [AlertButton, AlertButton, AlertButton];
  onDismiss: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  useScrollLock(open);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; keyboard users close with Escape
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onDismiss();
      }}
      className="m-auto w-[min(24rem,92vw)] rounded-3xl bg-white p-6 text-center text-ink shadow-2xl"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {message && (
        <p id={messageId} className="mt-2 text-ink-soft">
          {message}
        </p>
      )}
      <div className="mt-5 grid gap-2">
        {buttons.map((button) => (
          <button
            key={button.label}
            type="button"
            onClick={button.onClick}
            className={`min-h-11 rounded-full px-5 font-medium ${button.primary !== false && button === buttons[0] ? "bg-brand text-brand-ink" : "border border-line"}`}
          >
            {button.label}
          </button>
        ))}
      </div>
    </dialog>
  );
}
