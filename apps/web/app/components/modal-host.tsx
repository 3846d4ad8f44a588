import { Suspense } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { lazyPart } from "../lib/new-build.ts";
import { modalHref } from "./modal-link.ts";

/** Each modal's code loads the first time it opens, so the pages' first load stays light. */
const MODALS = {
  AuthModal: lazyPart(() => import("../modals/auth-modal.tsx")),
  Cart: lazyPart(() => import("../modals/cart-modal.tsx")),
  SuccessScreenModal: lazyPart(() => import("../modals/success-screen-modal.tsx")),
  AuthNameModal: lazyPart(() => import("../modals/auth-name-modal.tsx")),
  AuthAddressModal: lazyPart(() => import("../modals/auth-address-modal.tsx")),
  HeaderSearch: lazyPart(() => import("../modals/header-search.tsx")),
  LanguagesList: lazyPart(() => import("../modals/languages-list.tsx")),
  OrdersHistoryOrderPreview: lazyPart(() => import("../modals/orders-history-order-preview.tsx")),
  ProductModal: lazyPart(() => import("../modals/product-modal.tsx")),
  PopularProducts: lazyPart(() => import("../modals/popular-products.tsx")),
  EmbeddedFrame: lazyPart(() => import("../modals/embedded-frame.tsx")),
} as const;

/** The query parameters a modal owns, cleared with it. */
const OWNED_PARAMS = ["vendor", "order", "product", "addressId", "link"];

export type ModalName = keyof typeof MODALS;

export function useCloseModal(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    const cleared = Object.fromEntries([...OWNED_PARAMS, "modal"].map((name) => [name, null]));
    navigate(modalHref(location, cleared), { replace: true, preventScrollReset: true });
  };
}

/** Opens the modal named by the `modal` query parameter. */
export function ModalHost() {
  const [search] = useSearchParams();
  const name = search.get("modal");
  const Modal = name && name in MODALS ? MODALS[name as ModalName] : null;
  if (!Modal) return null;
  return (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  );
}
