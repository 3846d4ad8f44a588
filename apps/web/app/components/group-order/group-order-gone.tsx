import { useT } from "../../lib/i18n.ts";

/**
 * A group order's link that no longer works (ordered long ago, called off, or mistyped), or, with the
 * host's name, a group called off while its page was open.
 */
export function GroupOrderGone({ host }: { host?: string }) {
  const t = useT();
  return (
    <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
      {host === undefined ? t("group.refused.gone") : t("group.calledOff", { name: host })}
    </p>
  );
}
