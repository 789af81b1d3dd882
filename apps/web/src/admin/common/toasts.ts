import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { Toast } from '@referrals/shared';

/** A toast on screen, with an id so the same text can show twice. */
export interface ShownToast extends Toast {
  readonly id: number;
}

let nextId = 1;

/**
 * The toasts on screen. An atom (not page state) so a toast outlives the page that raised it: the
 * creation toast is raised by the form and shown on the list it navigates to.
 */
export const toastsAtom = atom<readonly ShownToast[]>([]);

/** Shows a toast of section 8 (built by the shared LIST_TOASTS, FORM_TOASTS, ...). */
export const useToast = (): ((toast: Toast) => void) => {
  const set = useSetAtom(toastsAtom);
  return useCallback((toast: Toast) => set((all) => [...all, { ...toast, id: nextId++ }]), [set]);
};
