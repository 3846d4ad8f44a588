/** A small button of the menu's arranging controls. */
export function ToolButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="grid size-9 place-items-center rounded-lg border border-line bg-white text-lg leading-none disabled:opacity-30"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** The handle a product or a section is dragged by; the keyboard moves them by their arrow buttons. */
export function DragHandle({
  label,
  payload,
  onStart,
  onEnd,
}: {
  label: string;
  /** What the drag carries for other windows ("product:12"); this screen keeps its own state. */
  payload: string;
  onStart: () => void;
  onEnd: () => void;
}) {
  return (
    <span
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData("text/plain", payload);
        event.dataTransfer.effectAllowed = "move";
        onStart();
      }}
      onDragEnd={onEnd}
      title={label}
      className="cursor-grab select-none px-1 text-ink-soft text-xl"
      aria-hidden="true"
    >
      ⠿
    </span>
  );
}
