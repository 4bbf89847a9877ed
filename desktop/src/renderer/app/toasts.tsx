import { Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { useMemo } from 'react';

export const TOASTER_ID = 'atendo-toaster';

/** Spec §8: error toasts close after 2 s, every other toast after 3 s. */
export const ERROR_TOAST_MS = 2000;
export const TOAST_MS = 3000;

export function useNotify() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useMemo(() => {
    const show = (intent: 'success' | 'error' | 'info' | 'warning', text: string) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent, timeout: intent === 'error' ? ERROR_TOAST_MS : TOAST_MS },
      );
    return {
      success: (text: string) => show('success', text),
      error: (text: string) => show('error', text),
      info: (text: string) => show('info', text),
      warning: (text: string) => show('warning', text),
    };
  }, [dispatchToast]);
}
