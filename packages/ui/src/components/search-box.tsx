import { Search, X } from 'lucide-react';
import { cn } from '../cn';
import { useUrlSearchText } from '../use-search-text';
import { fieldClasses } from './input';

export type SearchBoxProps = {
  /** The applied search (on list screens, the URL's); when it changes from outside (Show All, Back) the box follows. */
  value: string;
  /** Called with the typed text once typing has paused for `delayMs` (use DEBOUNCE_MS.<screen>). */
  onDebouncedChange: (value: string) => void;
  delayMs: number;
  placeholder?: string;
  className?: string;
  'aria-label'?: string;
};

/** A search input that reports its text debounced; the clear button applies '' at once. */
export function SearchBox({ value, onDebouncedChange, delayMs, placeholder, className, ...props }: SearchBoxProps) {
  const [text, setText, commitNow] = useUrlSearchText(value, onDebouncedChange, delayMs);
  return (
    <div className={cn('relative w-full', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle-foreground" />
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        aria-label={props['aria-label'] ?? placeholder ?? 'Search'}
        className={cn(fieldClasses, 'h-9 pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden')}
      />
      {text ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => commitNow('')}
          className="absolute top-1/2 right-2 -translate-y-1/2 cursor-pointer rounded p-1 text-subtle-foreground hover:bg-muted hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus-ring"
        >
          <X className="size-3.5" />
        </button>
      ) : null}
    </div>
  );
}
