import { createContext, useContext, useEffect } from 'react';
import { brandForHost, type Brand } from '@referrals/shared';

/** The brand of this host (section 1): from the second-level domain of the page's host name. */
export const BrandContext = createContext<Brand>(brandForHost(globalThis.location?.host ?? ''));

/** The brand of the page. */
export const useBrand = (): Brand => useContext(BrandContext);

/** Sets document.title while the screen is shown. */
export const useDocumentTitle = (title: string): void => {
  useEffect(() => {
    document.title = title;
  }, [title]);
};
