import type { AdminPartner } from "@storefront/domain/contract";
import { Form } from "react-router";

/**
 * Takes a partner back to the deployment's default (its card processor, the SMS codes), once the
 * operator confirms: the partner's own account or project is forgotten.
 */
export function PartnerBackForm({
  partner,
  intent,
  question,
  label,
}: {
  partner: AdminPartner;
  intent: string;
  question: string;
  label: string;
}) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="code" value={partner.code} />
      <input type="hidden" name="name" value={partner.name} />
      <button type="submit" className="rounded-lg border border-line bg-white px-3 py-1.5 text-sm">
        {label}
      </button>
    </Form>
  );
}
