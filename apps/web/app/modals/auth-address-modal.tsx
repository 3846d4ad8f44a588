import type { Address } from "@storefront/domain/contract";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AddressForm, AddressList } from "../components/address-book.tsx";
import { useAddressChoice } from "../components/address-choice.ts";
import { Modal } from "../components/modal.tsx";
import { useCloseModal } from "../components/modal-host.tsx";
import { useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";

type Mode = { kind: "list" } | { kind: "form"; editing: Address | null };

/**
 * The delivery address: a signed-in customer picks one of their addresses or adds one; a visitor
 * places a pin and gets a temporary address.
 */
export default function AuthAddressModal() {
  const t = useT();
  const close = useCloseModal();
  const choice = useAddressChoice();
  const { user, savedAddresses } = useStorefront();
  // `addressId=new` or `addressId=<id>` opens the form straight away (the header's dropdown does).
  const [search] = useSearchParams();
  const asked = search.get("addressId");
  const [mode, setMode] = useState<Mode>(() => {
    const editing = savedAddresses.find((a) => String(a.id) === asked) ?? null;
    if (editing || asked === "new") return { kind: "form", editing };
    return user && savedAddresses.length > 0 ? { kind: "list" } : { kind: "form", editing: null };
  });
  return (
    <Modal
      title={mode.kind === "list" ? t("address.title.list") : t("address.title.form")}
      onClose={close}
      size="lg"
    >
      <div className="p-4">
        {mode.kind === "list" ? (
          <AddressList
            onAdd={() => setMode({ kind: "form", editing: null })}
            onEdit={(address) => setMode({ kind: "form", editing: address })}
          />
        ) : (
          <AddressForm editing={mode.editing} submitLabel={t("address.save")} onSaved={choice.select} />
        )}
      </div>
    </Modal>
  );
}
