/** A report's table: its first column reads as text, the others as figures at their end. */
export function ReportTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-ink-soft">
          {head.map((cell, index) => (
            <th
              key={cell}
              scope="col"
              className={`p-2 font-medium ${index === 0 ? "text-start" : "text-end"}`}
            >
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.join("|")} className="border-line border-t">
            {row.map((cell, index) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are in their columns' order
                key={index}
                className={`p-2 tabular-nums ${index === 0 ? "text-start" : "text-end"}`}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
