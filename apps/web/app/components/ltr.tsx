import type { ReactNode } from "react";

/**
 * A phone, a code or a card number, isolated left to right wherever it stands: in Arabic,
 * "+371 23 664 623" stays so, not "623 664 23 371+". Values inside a translated sentence are
 * isolated by the right-to-left catalogues themselves (vite/isolate-placeholders.ts).
 */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}
