import { type CSSProperties, useMemo } from 'react';
import { Toaster as Sonner, toast } from 'sonner';

// sonner's rich colours read at 3.1–4.4:1 on their tinted backgrounds; the same hues, darkened to 4.5:1 or more.
const READABLE_RICH_COLORS = {
  '--success-text': 'hsl(140, 100%, 24%)',
  '--info-text': 'hsl(210, 92%, 40%)',
  '--warning-text': 'hsl(31, 92%, 33%)',
  '--error-text': 'hsl(360, 100%, 41%)',
} as CSSProperties;

/** The one toast outlet (top right); mounted once by the app providers. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      richColors
      closeButton
      toastOptions={{ className: 'text-sm' }}
      style={READABLE_RICH_COLORS}
    />
  );
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
