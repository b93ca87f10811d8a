import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response. The server provides it around
 * <RemixServer>; in the browser it is empty (browsers hide nonce attributes from scripts,
 * and the scripts it guards have already run).
 */
export const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
