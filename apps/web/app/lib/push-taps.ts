import { pushTapPage } from "@storefront/domain";
import { useEffect } from "react";
import { useNavigate } from "react-router";

declare global {
  interface Window {
    /** The native app calls this when the customer taps a push message. */
    storefrontPushTap?: (payload: unknown) => void;
    /** Taps that came before the storefront was ready, waiting for it. */
    storefrontPendingPushTaps?: unknown[];
  }
}

/**
 * Before hydration the native app's taps are only remembered (an inline script in the page head
 * defines this stub), so a tap that opened the app is not lost while it starts.
 */
export const PUSH_TAP_STUB =
  "window.storefrontPushTap=function(p){(window.storefrontPendingPushTaps=window.storefrontPendingPushTaps||[]).push(p)}";

/** Once the storefront runs, push taps open the order's page, the remembered one first. */
export function usePushTaps(locale: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    const open = (payload: unknown) => {
      const target = pushTapPage((payload ?? {}) as Record<string, unknown>);
      if (target) navigate(`/${locale}/menu/orders/${target.orderId}/${target.page}`);
    };
    for (const payload of window.storefrontPendingPushTaps?.splice(0) ?? []) open(payload);
    window.storefrontPushTap = open;
  }, [locale, navigate]);
}
