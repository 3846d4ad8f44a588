/** A count on an icon button (picked filters, active orders), at its top end corner. */
export function Badge({ children }: { children: React.ReactNode }) {
  return (
    <span className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-brand px-1 text-center text-xs font-bold leading-5 text-brand-ink">
      {children}
    </span>
  );
}
