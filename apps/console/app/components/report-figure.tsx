/** One figure of a report: what it counts, and its value in the page's large digits. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 rounded-xl bg-white p-3 ring-1 ring-line">
      <dt className="text-ink-soft text-sm">{label}</dt>
      <dd className="font-semibold text-xl tabular-nums">{value}</dd>
    </div>
  );
}
