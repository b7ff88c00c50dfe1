import { Select } from '@seamline/ui';
import { useId } from 'react';
import { SORTS, type SortKey } from '../../../lib/browse-url';

export function SortSelect({ value, onChange }: { value: SortKey; onChange: (sort: SortKey) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap text-sm text-stone-600">
        Sort by
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as SortKey)}>
        {Object.entries(SORTS).map(([key, sort]) => (
          <option key={key} value={key}>
            {sort.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
