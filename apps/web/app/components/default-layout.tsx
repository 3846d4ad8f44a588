import { BottomBar } from "./bottom-bar.tsx";
import { FloatingCartButton } from "./cart-button.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { ModalHost } from "./modal-host.tsx";

/**
 * The page frame. "default": header, content, footer and the phone's bottom bar; "headerOnly":
 * header and content (checkout keeps the visitor on task); "desktopHeaderOnly": the default frame
 * on phones, header and content on desktop. `between` goes under the header (the filter bar).
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
      <main className="mx-auto min-h-[60dvh] max-w-6xl px-4 pt-4">{children}</main>
      {variant === "default" && <Footer />}
      {variant === "desktopHeaderOnly" && (
        <div className="md:hidden">
          <Footer />
        </div>
      )}
      {variant !== "headerOnly" && <BottomBar />}
      <FloatingCartButton />
      <ModalHost />
    </>
  );
}
