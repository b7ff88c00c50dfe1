import { type CSSProperties, type FocusEvent, useEffect, useMemo, useRef } from 'react';
import { Toaster as Sonner, toast } from 'sonner';

// sonner's rich colours read at 3.1–4.4:1 on their tinted backgrounds; the same hues, darkened to 4.5:1 or more.
const READABLE_RICH_COLORS = {
  '--success-text': 'hsl(140, 100%, 24%)',
  '--info-text': 'hsl(210, 92%, 40%)',
  '--warning-text': 'hsl(31, 92%, 33%)',
  '--error-text': 'hsl(360, 100%, 41%)',
} as CSSProperties;

/** What can hold focus: HTML elements and SVG ones (a chart takes focus too). */
type Focusable = HTMLElement | SVGElement;
const isFocusable = (node: EventTarget | null): node is Focusable =>
  node instanceof HTMLElement || node instanceof SVGElement;
const outside = (container: HTMLElement, node: EventTarget | null): node is Focusable =>
  isFocusable(node) && !container.contains(node);

/**
 * Keyboard focus in and out of the toasts. sonner itself sends focus back to wherever it came from as soon as it leaves
 * the toasts, so Tab past a toast's close button would land on the element before the toasts again (a loop while the
 * toast lasts), focused by script and without its ring: its focus handler never sees focus arrive here, and Tab simply
 * moves on. What it did right is kept: when the focused toast goes away (its Close button, or its time runs out), focus
 * would fall to the page's body (no ring, and the next Tab starts at the top), so it goes back to the element it came
 * from, or to another toast still shown.
 */
function useToastFocus() {
  const container = useRef<HTMLDivElement>(null);
  const cameFrom = useRef<Focusable | null>(null);
  const focused = useRef<Focusable | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const returnLostFocus = () => {
      const lost = focused.current;
      const active = document.activeElement;
      if (!lost || lost.isConnected || (active !== null && active !== document.body)) return;
      focused.current = null;
      const back = cameFrom.current?.isConnected
        ? cameFrom.current
        : root.querySelector<HTMLElement>('[data-sonner-toast]');
      back?.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(returnLostFocus);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  const onFocusCapture = (event: FocusEvent<HTMLDivElement>) => {
    event.stopPropagation();
    if (isFocusable(event.target)) focused.current = event.target;
    if (outside(event.currentTarget, event.relatedTarget)) cameFrom.current = event.relatedTarget;
  };
  // Focus moved on to an element outside (Tab, a click): nothing to give back later.
  const onBlurCapture = (event: FocusEvent<HTMLDivElement>) => {
    if (outside(event.currentTarget, event.relatedTarget)) focused.current = null;
  };
  return { ref: container, onFocusCapture, onBlurCapture };
}

/** Space between the toasts and the window's edge (or the top bar); half of it on phones. */
const TOAST_GAP_PX = 16;

/**
 * The one toast outlet (top right); mounted once by the app providers. `belowPx` keeps the toasts under a sticky top
 * bar: over it they would hide its buttons (Sign out) while they last, and hovering a toast pauses its timer.
 */
export function Toaster({ belowPx = 0 }: { belowPx?: number }) {
  const focusHandlers = useToastFocus();
  return (
    <div className="contents" {...focusHandlers}>
      <Sonner
        position="top-right"
        offset={{ top: belowPx + TOAST_GAP_PX, right: TOAST_GAP_PX }}
        mobileOffset={{ top: belowPx + TOAST_GAP_PX / 2, right: TOAST_GAP_PX / 2, left: TOAST_GAP_PX / 2 }}
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

/** Toasts with the screen's own lifetime in ms, e.g. `useToast(TOAST_MS.users)` (each screen has its own). */
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
