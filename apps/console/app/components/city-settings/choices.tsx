/** A group of checkboxes of one name: the kinds a city offers. */
export function Choices<T extends string>({
  name,
  legend,
  options,
  chosen,
  label,
  refused,
}: {
  name: string;
  legend: string;
  options: readonly T[];
  chosen: readonly T[];
  label: (option: T) => string;
  refused: string | null;
}) {
  return (
    <fieldset className="flex flex-wrap gap-4" aria-invalid={refused === name || undefined}>
      <legend className="mb-1 font-medium text-sm">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={name}
            value={option}
            defaultChecked={chosen.includes(option)}
            className="size-4"
          />
          {label(option)}
        </label>
      ))}
    </fieldset>
  );
}
