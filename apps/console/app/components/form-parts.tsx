import type { InputHTMLAttributes, ReactNode } from "react";

/** A labelled text input of the signed-out screens and the console's forms. */
export function TextField({
  id,
  label,
  className = "",
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={`grid gap-1 ${className}`}>
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <input
        id={id}
        name={id}
        {...input}
        className="w-full rounded-lg border border-line bg-white px-3 py-2"
      />
    </div>
  );
}

/** The form's main button, greyed while its answer is on the way. */
export function SubmitButton({
  busy,
  children,
  wide = true,
}: {
  busy: boolean;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`${wide ? "w-full" : "justify-self-start"} rounded-lg bg-accent px-4 py-2.5 font-semibold text-white disabled:opacity-60`}
    >
      {children}
    </button>
  );
}

/** A result under a form: good news as a status, a refusal as an alert. */
export function Notice({ tone, children }: { tone: "good" | "bad"; children: ReactNode }) {
  return (
    <p
      role={tone === "good" ? "status" : "alert"}
      className={`rounded-lg p-3 text-sm ${tone === "good" ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`}
    >
      {children}
    </p>
  );
}
