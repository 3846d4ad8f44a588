import { type RefObject, useEffect, useRef } from "react";

/**
 * Keeps what a customer typed into a controlled text field before the page became live. The
 * server's page shows the field at once; on a slow phone the script arrives later, hydration leaves
 * the typed text in the field but the component's state still holds the server's value, so its
 * buttons stay as they were and the next render would wipe the text. Once mounted, a field whose
 * text differs from the state hands its text to the state. Give the returned ref to the field.
 */
export function useTypedBeforeLive<Field extends HTMLInputElement | HTMLTextAreaElement>(
  value: string,
  setValue: (typed: string) => void,
): RefObject<Field | null> {
  const ref = useRef<Field>(null);
  const first = useRef({ value, setValue });
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== first.current.value) first.current.setValue(typed);
  }, []);
  return ref;
}
