import { GROUP_NAME_MAX_LENGTH } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import type { GroupOrderState } from "../../lib/group-order.ts";
import { useT } from "../../lib/i18n.ts";
import { useStorefront } from "../../lib/storefront.ts";
import { useTypedBeforeLive } from "../../lib/typed-before-live.ts";

export function JoinForm({ state }: { state: GroupOrderState }) {
  const t = useT();
  const { user } = useStorefront();
  const [name, setName] = useState(user?.name ?? "");
  const nameField = useTypedBeforeLive<HTMLInputElement>(name, setName);
  const [problem, setProblem] = useState(false);
  return (
    <form
      className="grid grid-cols-1 gap-2 rounded-2xl bg-surface p-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (name.trim() === "") {
          setProblem(true);
          return;
        }
        // The server's own check (the same rules) is said at the field, as this one is.
        const sent = await state.send(endpoints.groupOrders.join(state.group.token), { name }, [
          "ValidationException",
        ]);
        setProblem(!sent.ok && sent.error?.type === "ValidationException");
      }}
    >
      <label htmlFor="group-name" className="font-medium">
        {t("group.yourName")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="group-name"
          ref={nameField}
          value={name}
          maxLength={GROUP_NAME_MAX_LENGTH}
          autoComplete="given-name"
          aria-invalid={problem}
          aria-describedby={problem ? "group-name-problem" : undefined}
          onChange={(event) => setName(event.target.value)}
          dir="auto"
          className="min-h-11 min-w-0 flex-[1_1_10rem] rounded-xl border border-line bg-white px-3 text-match-parent aria-[invalid=true]:border-red-600"
        />
        <button
          type="submit"
          disabled={state.pending}
          className="min-h-11 shrink-0 rounded-full bg-brand px-5 font-medium text-brand-ink"
        >
          {t("group.join")}
        </button>
      </div>
      {problem && (
        <p id="group-name-problem" className="text-sm text-red-700">
          {t("group.nameNeeded")}
        </p>
      )}
    </form>
  );
}
