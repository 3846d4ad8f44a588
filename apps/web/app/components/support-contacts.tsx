import { everydayHours } from "@storefront/domain";
import { useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { Icon } from "./icons.tsx";
import { Ltr } from "./ltr.tsx";

/** The operator's support phone, e-mail and hours. */
export function SupportContacts() {
  const t = useT();
  const { params } = useStorefront();
  const contacts = params?.contacts.forClients;
  if (!contacts) return null;
  const everyday = everydayHours(contacts.workingHours.intervals);
  const row = "flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-black/5";
  return (
    <ul className="mt-6 grid max-w-xl gap-3">
      <li>
        <a href={`tel:${contacts.phone}`} className={row}>
          <Icon name="phone" className="size-5 text-brand" />
          <Ltr>{contacts.phone}</Ltr>
        </a>
      </li>
      <li>
        <a href={`mailto:${contacts.email}`} className={row}>
          <Icon name="mail" className="size-5 text-brand" />
          {contacts.email}
        </a>
      </li>
      <li className={row}>
        <Icon name="clock" className="size-5 text-brand" />
        {everyday ? t("hours.everyday", { from: everyday.from, until: everyday.until }) : t("hours.varies")}
      </li>
    </ul>
  );
}
