import { useId } from 'react';
import { field } from '../../../components/browse/styles';
import { SORTS, type SortKey } from '../../../lib/browse-url';

export function SortSelect({ value, onChange }: { value: SortKey; onChange: (sort: SortKey) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap text-sm text-stone-600">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as SortKey)}
        className={`${field} w-auto`}
      >
        {Object.entries(SORTS).map(([key, sort]) => (
          <option key={key} value={key}>
            {sort.label}
          </option>
        ))}
      </select>
    </div>
  );
}
