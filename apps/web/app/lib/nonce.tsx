import { createContext, useContext } from 'react';

const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;
/**
 * The CSP nonce of this response: on the server from the request, in the browser from the page it rendered
 * ({@link nonceOfPage}), so the nonce'd scripts hydrate with the attribute the server sent (issue 29).
 */
export const useNonce = () => useContext(NonceContext);

/**
 * The nonce the server gave this page's scripts. The browser hides a nonce attribute's value from the DOM and
 * keeps it on the element's `nonce` property, which any script of the page can read anyway: handing it to the
 * client render reveals nothing new.
 */
export const nonceOfPage = (document: Document): string =>
  document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
