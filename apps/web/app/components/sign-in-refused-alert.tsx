import { useState } from "react";
import { useT } from "../lib/i18n.ts";
import { AlertDialog } from "./alert-dialog.tsx";

/**
 * Said once when the partner's app handed over a customer whose signed token was refused: the
 * visitor stays anonymous and can sign in with a code.
 */
export function SignInRefusedAlert() {
  const t = useT();
  const [open, setOpen] = useState(true);
  return (
    <AlertDialog
      open={open}
      title={t("auth.incorrectCredentials")}
      buttons={[{ label: t("common.understood"), primary: true, onClick: () => setOpen(false) }]}
      onDismiss={() => setOpen(false)}
    />
  );
}
