import type { Endpoint } from "@storefront/domain/endpoints";
import { endpoints } from "@storefront/domain/endpoints";
import { useCallback, useState } from "react";
import { clientSend } from "../lib/api.client.ts";
import { rememberCartId } from "../lib/cart.tsx";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { useAddressChoice } from "./address-choice.ts";
import { AlertDialog } from "./alert-dialog.tsx";
import { Snackbar } from "./snackbar.tsx";

/**
 * What sign-out and deletion leave behind in the browser (section 4): nothing of the customer. The
 * session, the chosen address and the cart id are cookies the storefront clears on the way home.
 */
function forgetCustomerInBrowser() {
  for (const key of ["lastAddressId", "cart", "cartId", "username", "anonymous"]) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }
  rememberCartId(null);
}

/**
 * The foot of the account's side bar: sign out (not in the native app, which signs out itself)
 * and delete the account after a confirmation. Both forget the customer and go home.
 */
export function AccountExit() {
  const t = useT();
  const locale = useLocale();
  const home = useAddressChoice(`/${locale}`);
  const { client, native } = useStorefront();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const closeToast = useCallback(() => setToast(null), []);

  const leave = async (endpoint: Endpoint) => {
    setConfirmDelete(false);
    const sent = await clientSend(client, endpoint, locale);
    if (!sent.ok) return setToast(t("auth.toast.oops"));
    forgetCustomerInBrowser();
    home.forget();
  };

  return (
    <div className="grid gap-2">
      {!native && (
        <button
          type="button"
          onClick={() => void leave(endpoints.auth.logout())}
          aria-busy={home.busy || undefined}
          className="min-h-12 rounded-full border border-line bg-white font-medium hover:bg-black/5"
        >
          {t("profile.signOut")}
        </button>
      )}
      <button
        type="button"
        onClick={() => setConfirmDelete(true)}
        className="mx-auto min-h-11 px-4 text-sm text-red-700 underline"
      >
        {t("profile.delete")}
      </button>
      <AlertDialog
        open={confirmDelete}
        title={t("profile.delete.title")}
        message={t("profile.delete.text")}
        buttons={[
          { label: t("profile.delete.cancel"), onClick: () => setConfirmDelete(false) },
          {
            label: t("profile.delete.confirm"),
            primary: false,
            onClick: () => void leave(endpoints.customer.delete()),
          },
        ]}
        onDismiss={() => setConfirmDelete(false)}
      />
      <Snackbar message={toast} onClose={closeToast} />
    </div>
  );
}
