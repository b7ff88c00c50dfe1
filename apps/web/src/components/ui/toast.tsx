import { useMemo } from 'react';
import { Toaster as Sonner, toast } from 'sonner';

/** The one toast outlet (top right); mounted once by the app providers. */
export function Toaster() {
  return <Sonner position="top-right" richColors closeButton toastOptions={{ className: 'text-sm' }} />;
}

export type ScreenToast = {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
};

/** Toasts with the screen's own lifetime in ms, e.g. `useToast(TOAST_MS.users)` (spec: each screen has its own). */
export function useToast(durationMs: number): ScreenToast {
  return useMemo(
    () => ({
      success: (message: string) => toast.success(message, { duration: durationMs }),
      error: (message: string) => toast.error(message, { duration: durationMs }),
      info: (message: string) => toast.info(message, { duration: durationMs }),
    }),
    [durationMs],
  );
}
