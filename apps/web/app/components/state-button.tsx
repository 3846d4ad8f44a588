import { useEffect, useState } from "react";
import { useHydrated } from "../lib/hydrated.ts";
import { Icon } from "./icons.tsx";

export type ButtonState = "ready" | "loading" | "complete";

/** How long the checkmark of a finished action stays before the button is ready again. */
export const COMPLETE_MS = 500;

/**
 * A button's state, set by the work it starts: loading while the work runs, then complete (a
 * checkmark) when it succeeded, which is ready again after 500 ms, or ready at once when it failed:
 * a failure says why elsewhere and shows no checkmark.
 */
export function useButtonState() {
  const [state, setState] = useState<ButtonState>("ready");
  useEffect(() => {
    if (state !== "complete") return;
    const timer = window.setTimeout(() => setState("ready"), COMPLETE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  return [state, setState] as const;
}

/** A button that shows its state: a spinner while loading, a checkmark when done. */
export function StateButton({
  state,
  children,
  className = "",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { state: ButtonState }) {
  // A button that works by script alone is shown disabled until the page's scripts have run: a tap
  // on it sooner would do nothing. A form's submit button works without them and stays enabled.
  const live = useHydrated();
  return (
    <button
      {...props}
      aria-busy={state === "loading"}
      disabled={props.disabled || state === "loading" || (props.type === "button" && !live)}
      className={`relative ${className}`}
    >
      <span className={state === "ready" ? "" : "invisible"}>{children}</span>
      {state === "loading" && (
        <span className="absolute inset-0 grid place-items-center" aria-hidden="true">
          <span className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" />
        </span>
      )}
      {state === "complete" && (
        <span className="absolute inset-0 grid place-items-center" aria-hidden="true">
          <Icon name="check" className="size-6" />
        </span>
      )}
    </button>
  );
}
