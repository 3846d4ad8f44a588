import { useEffect, useRef } from "react";

/** How long a snackbar stays (section 9). */
export const SNACKBAR_MS = 3000;

/**
 * A short message at the bottom of the screen that closes by itself 3 seconds after it shows. The
 * 3 seconds count from the message, not from the last render of the page around it (an `onClose`
 * made anew at each render would otherwise start them again).
 */
export function Snackbar({ message, onClose }: { message: string | null; onClose: () => void }) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => close.current(), SNACKBAR_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  if (!message) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-6 z-[60] mx-auto w-fit max-w-md rounded-2xl bg-ink px-5 py-3 text-center text-white shadow-xl"
    >
      {message}
    </div>
  );
}
