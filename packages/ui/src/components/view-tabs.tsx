import { LayoutGrid, PanelLeft, Table2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../cn';
import { Tabs, TabsList, TabsTrigger } from './tabs';

export type ViewMode = 'sidebar' | 'table' | 'grid';

const VIEWS = [
  { value: 'sidebar', label: 'Sidebar View', icon: PanelLeft },
  { value: 'table', label: 'Table View', icon: Table2 },
  { value: 'grid', label: 'Grid View', icon: LayoutGrid },
] as const;

const tabId = (panelId: string, view: ViewMode) => `${panelId}-tab-${view}`;

export type ViewTabsProps = {
  value: ViewMode;
  onValueChange: (view: ViewMode) => void;
  /** The id of the `ViewPanel` that shows the chosen view (`useId()` in the page). */
  panelId: string;
  className?: string;
};

/**
 * The three list views of products, orders and customers. The list below is one panel whose content follows the
 * selected tab, so every tab controls that panel: wrap the view in `<ViewPanel id={panelId} view={value}>`.
 */
export function ViewTabs({ value, onValueChange, panelId, className }: ViewTabsProps) {
  return (
    // min-w-0: in a wrapping row the tabs may be narrower than their labels (a phone); their list then scrolls.
    <Tabs
      value={value}
      onValueChange={(next) => onValueChange(next as ViewMode)}
      className={cn('min-w-0 max-w-full', className)}
    >
      <TabsList aria-label="View">
        {VIEWS.map(({ value: view, label, icon: Icon }) => (
          <TabsTrigger key={view} value={view} id={tabId(panelId, view)} aria-controls={panelId}>
            <Icon aria-hidden />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  );
}

/** The panel the view tabs control, named by the selected tab. */
export function ViewPanel({ id, view, children }: { id: string; view: ViewMode; children: ReactNode }) {
  return (
    <div role="tabpanel" id={id} aria-labelledby={tabId(id, view)}>
      {children}
    </div>
  );
}
