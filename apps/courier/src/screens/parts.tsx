import type { ReactNode } from "react";
import { useWords } from "../lib/i18n.ts";

/**
 * A phone, a code or an amount isolated left to right wherever it stands: in Arabic "+380 67 111"
 * stays so. Values inside a translated sentence are isolated by the Arabic catalogue itself.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

const BUTTON_LOOKS = {
  primary: "bg-brand text-white border-brand",
  secondary: "bg-white text-ink border-ink",
  quiet: "bg-surface text-ink border-transparent",
} as const;

/** A button big enough for a thumb in a glove: 54 px tall at least, the whole width by default. */
export function BigButton({
  children,
  onClick,
  look = "primary",
  busy = false,
  disabled = false,
  type = "button",
  className = "",
}: {
  children: ReactNode;
  onClick?: () => void;
  look?: keyof typeof BUTTON_LOOKS;
  busy?: boolean;
  disabled?: boolean;
  type?: "button" | "submit";
  className?: string;
}) {
  return (
    <button
      type={type}
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`flex min-h-14 w-full items-center justify-center gap-2 rounded-xl border-2 px-4 text-xl font-bold disabled:opacity-60 ${BUTTON_LOOKS[look]} ${className}`}
    >
      {children}
    </button>
  );
}

/**
 * A link that looks like a secondary button (a call, directions). Its parts (a call's words and
 * number) go on two lines where they do not fit on one.
 */
export function ButtonLink({ href, children, label }: { href: string; children: ReactNode; label?: string }) {
  return (
    <a
      href={href}
      aria-label={label}
      className="flex min-h-12 flex-wrap items-center justify-center gap-x-2 rounded-xl border-2 border-ink bg-white px-3 py-1 text-center font-semibold text-ink no-underline"
    >
      {children}
    </a>
  );
}

const NOTICE_LOOKS = {
  info: "border-ink bg-surface text-ink",
  good: "border-good bg-[#e6f4ea] text-good",
  warn: "border-warn bg-[#fff4e0] text-warn",
  bad: "border-bad bg-[#fde8e6] text-bad",
} as const;

/** A line the courier must not miss: an error (an alert) or a state (a status). */
export function Notice({ tone, children }: { tone: keyof typeof NOTICE_LOOKS; children: ReactNode }) {
  return (
    <p
      role={tone === "bad" ? "alert" : "status"}
      className={`rounded-xl border-s-8 border-y-2 border-e-2 px-4 py-3 font-semibold ${NOTICE_LOOKS[tone]}`}
    >
      {children}
    </p>
  );
}

/**
 * A screen's title with a way back to the jobs, at the top (read first, seldom tapped). A title
 * that does not fit beside the button goes under it, whole words to a line.
 */
export function ScreenTitle({ title, onBack }: { title: string; onBack: () => void }) {
  const { t } = useWords();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={onBack}
        className="flex min-h-12 min-w-12 shrink-0 items-center justify-center rounded-xl border-2 border-ink px-3 font-semibold"
      >
        <span aria-hidden="true" className="rtl:-scale-x-100">
          ←
        </span>
        <span className="ms-1">{t("action.back")}</span>
      </button>
      <h1 className="min-w-0 text-2xl font-bold break-words">{title}</h1>
    </div>
  );
}
