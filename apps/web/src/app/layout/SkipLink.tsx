/**
 * The first thing the keyboard reaches on a signed-in screen: hidden until focused, it jumps past the navigation to
 * the page itself (the target is focusable with tabIndex -1, so the next Tab continues from there).
 */
export function SkipLink({ target }: { target: string }) {
  return (
    <a
      href={`#${target}`}
      onClick={(event) => {
        // The router owns the address: move focus instead of adding a hash (without scrolling under the sticky header).
        event.preventDefault();
        document.getElementById(target)?.focus({ preventScroll: true });
      }}
      className="sr-only rounded-lg bg-white text-sm font-medium text-indigo-700 shadow-lg ring-2 ring-focus-ring focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2 focus:outline-none"
    >
      Skip to content
    </a>
  );
}
