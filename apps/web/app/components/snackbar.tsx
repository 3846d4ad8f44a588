import { useEffect } from "react";

/** How long a snackbar stays (section 9). */
export const SNACKBAR_MS = 3000;

/** A short message at the bottom of the screen that closes by itself after 3 seconds. */
export function Snackbar({ message, onClose }: { message: string | null; onClose: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onClose, SNACKBAR_MS);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);
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
