/**
 * The first thing the keyboard reaches on a signed-in screen: hidden until focused, it jumps past the navigation to
 * the page itself (the target is focusable with tabIndex -1, so the next Tab continues from there).
 */
export function SkipLink({ target }: { target: string }) {
  return (
    <a
      href={`#${target}`}
      onClick={(event) => {
        // The router owns the address; move focus instead of adding a hash.
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
      className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow-lg ring-2 ring-focus-ring focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      Skip to content
    </a>
  );
}
