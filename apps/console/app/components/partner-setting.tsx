import type { AdminPartner } from "@storefront/domain/contract";
import type { ReactNode, Ref } from "react";
import { Form, useNavigation } from "react-router";
import { type MessageKey, useT } from "../lib/i18n.ts";
import type { SettingProblem, SettingRefusal } from "../lib/partner-setting-answer.ts";
import { Field, Notice } from "./form-parts.tsx";

/** The words of the refusals every setting's form may get (settingRefusal). */
export const SETTING_PROBLEMS: Record<SettingProblem, MessageKey> = {
  noKeysSecret: "admin.setting.error.noKeysSecret",
  unreachable: "admin.setting.error.unreachable",
  unknownPartner: "admin.setting.error.unknownPartner",
  failed: "admin.setting.error.failed",
};

/** A refusal in the operator's words, with the input it names. */
export interface ToldRefusal {
  field: string | null;
  text: string;
}

/** A refusal told: its fields' own words, else the shared ones. */
export function useToldRefusal<Field extends string>(
  refusal: SettingRefusal<Field> | null,
  fieldProblems: Record<Field, MessageKey>,
): ToldRefusal | null {
  const t = useT();
  if (!refusal) return null;
  const problems: Record<string, MessageKey> = { ...SETTING_PROBLEMS, ...fieldProblems };
  return { field: refusal.field, text: t(problems[refusal.problem] ?? SETTING_PROBLEMS.failed) };
}

/**
 * A partner's setting on the operator's page (its card processor, phone sign-in, pushes): a titled
 * section on a row of its own under the partner's row of the table.
 */
export function PartnerSettingRow({
  label,
  title,
  children,
}: {
  label: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={6} className="pb-3">
        <section aria-label={label} className="grid gap-2 rounded-xl bg-surface p-3 text-sm">
          <h3 className="font-semibold">{title}</h3>
          {children}
        </section>
      </td>
    </tr>
  );
}

/**
 * A setting's form, folded until the operator opens it (open while the API refuses it): the
 * partner's hidden inputs, the fields, a refusal that names no field, and the button.
 */
export function PartnerSettingForm({
  partner,
  intent,
  summary,
  save,
  refusal,
  formRef,
  children,
}: {
  partner: AdminPartner;
  intent: string;
  summary: string;
  save: string;
  refusal: ToldRefusal | null;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <details open={refusal ? true : undefined} className="rounded-lg bg-white p-3 ring-1 ring-line">
      <summary className="cursor-pointer font-medium">{summary}</summary>
      <Form ref={formRef} method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="code" value={partner.code} />
        <input type="hidden" name="name" value={partner.name} />
        {children}
        {refusal && refusal.field === null ? (
          <div className="sm:col-span-2">
            <Notice tone="bad">{refusal.text}</Notice>
          </div>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="justify-self-start rounded-lg bg-accent px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {save}
        </button>
      </Form>
    </details>
  );
}

/** The refusal beside the input (or list) it names; its id is `${id}-error`. */
export function RefusalBeside({
  id,
  field,
  refusal,
}: {
  id: string;
  field: string;
  refusal: ToldRefusal | null;
}) {
  return refusal?.field === field ? (
    <p id={`${id}-error`} role="alert" className="text-red-800 text-sm">
      {refusal.text}
    </p>
  ) : null;
}

/** What describes an input: its hint, and the refusal beside it while there is one. */
export const describedBy = (id: string, field: string, refusal: ToldRefusal | null) =>
  refusal?.field === field ? `${id}-hint ${id}-error` : `${id}-hint`;

/** A setting's text input, left to right whatever the page's direction, with its hint and refusal. */
export function SettingField({
  id,
  name,
  refusal,
  ...input
}: { id: string; name: string; refusal: ToldRefusal | null; label: string; hint: string } & Omit<
  Parameters<typeof Field>[0],
  "id" | "name" | "refused"
>) {
  return (
    <div className="grid gap-1">
      <Field
        name={name}
        id={id}
        refused={refusal?.field ?? null}
        autoComplete="off"
        spellCheck={false}
        required
        dir="ltr"
        aria-describedby={describedBy(id, name, refusal)}
        plainLabel
        {...input}
      />
      <RefusalBeside id={id} field={name} refusal={refusal} />
    </div>
  );
}
