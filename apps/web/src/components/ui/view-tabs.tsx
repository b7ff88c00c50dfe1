import { LayoutGrid, PanelLeft, Table2 } from 'lucide-react';
import { Tabs, TabsList, TabsTrigger } from './tabs';

export type ViewMode = 'sidebar' | 'table' | 'grid';

const VIEWS = [
  { value: 'sidebar', label: 'Sidebar View', icon: PanelLeft },
  { value: 'table', label: 'Table View', icon: Table2 },
  { value: 'grid', label: 'Grid View', icon: LayoutGrid },
] as const;

export type ViewTabsProps = { value: ViewMode; onValueChange: (view: ViewMode) => void; className?: string };

/** The three list views of products, orders and customers. Render the matching view below it yourself. */
export function ViewTabs({ value, onValueChange, className }: ViewTabsProps) {
  return (
    <Tabs value={value} onValueChange={(next) => onValueChange(next as ViewMode)} className={className}>
      <TabsList aria-label="View">
        {VIEWS.map(({ value: view, label, icon: Icon }) => (
          <TabsTrigger key={view} value={view}>
            <Icon aria-hidden />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  );
}
