import { type CSSProperties, type FocusEvent, useMemo } from 'react';
import { Toaster as Sonner, toast } from 'sonner';

// sonner's rich colours read at 3.1–4.4:1 on their tinted backgrounds; the same hues, darkened to 4.5:1 or more.
const READABLE_RICH_COLORS = {
  '--success-text': 'hsl(140, 100%, 24%)',
  '--info-text': 'hsl(210, 92%, 40%)',
  '--warning-text': 'hsl(31, 92%, 33%)',
  '--error-text': 'hsl(360, 100%, 41%)',
} as CSSProperties;

/**
 * sonner sends focus back to wherever it came from as soon as it leaves the toasts: Tab past a toast's close button lands
 * on the element before the toasts again (a keyboard loop while the toast lasts), focused by script and so without its
 * ring. Its focus handler never sees focus arrive; Tab then simply moves on.
 */
const keepFocusWhereTabSendsIt = (event: FocusEvent) => event.stopPropagation();

/** The one toast outlet (top right); mounted once by the app providers. */
export function Toaster() {
  return (
    <div className="contents" onFocusCapture={keepFocusWhereTabSendsIt}>
      <Sonner
        position="top-right"
        richColors
        closeButton
        toastOptions={{ className: 'text-sm' }}
        style={READABLE_RICH_COLORS}
      />
    </div>
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
