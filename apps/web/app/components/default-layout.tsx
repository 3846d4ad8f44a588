import { MAIN_ID } from "../lib/focus.ts";
import { BottomBar } from "./bottom-bar.tsx";
import { FloatingCartButton } from "./cart-button.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { ModalHost } from "./modal-host.tsx";
import { PreorderAlerts, PreorderTimeBar } from "./preorder-time.tsx";

/**
 * The page frame. "default": header, content, footer and the phone's bottom bar; "headerOnly":
 * header and content (checkout keeps the visitor on task); "desktopHeaderOnly": the default frame
 * on phones, header and content on desktop. `between` goes under the header (the filter bar). Pages
 * that browse the catalogue show the cart's delivery time (and the "preorder unavailable" alert when
 * a time cannot be chosen); every page shows the alerts about a preorder time (foundations §2).
 */
export function DefaultLayout({
  children,
  between,
  browsing = false,
  variant = "default",
}: {
  children: React.ReactNode;
  between?: React.ReactNode;
  browsing?: boolean;
  variant?: "default" | "headerOnly" | "desktopHeaderOnly";
}) {
  return (
    <>
      <Header browsing={browsing} />
      {between}
      {browsing && <PreorderTimeBar />}
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto min-h-[60dvh] max-w-6xl px-4 pt-4">
        {children}
      </main>
      {variant === "default" && <Footer />}
      {variant === "desktopHeaderOnly" && (
        <div className="md:hidden">
          <Footer />
        </div>
      )}
      {variant !== "headerOnly" && <BottomBar />}
      <FloatingCartButton />
      <ModalHost />
      <PreorderAlerts />
    </>
  );
}
