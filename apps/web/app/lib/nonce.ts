import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server: its inline scripts
 * carry it, so the policy can refuse every other inline script. The browser hides it once loaded,
 * so on the client it is empty.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
