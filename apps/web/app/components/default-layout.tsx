import { BottomBar } from "./bottom-bar.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { ModalHost } from "./modal-host.tsx";

/** Header, content, footer and the phone's bottom bar; `between` goes under the header (filters). */
export function DefaultLayout({
  children,
  between,
  browsing = false,
}: {
  children: React.ReactNode;
  between?: React.ReactNode;
  browsing?: boolean;
}) {
  return (
    <>
      <Header browsing={browsing} />
      {between}
      <main className="mx-auto min-h-[60dvh] max-w-6xl px-4 pt-4">{children}</main>
      <Footer />
      <BottomBar />
      <ModalHost />
    </>
  );
}
