import { Button, Input, Label, Select, type SelectOption } from '@seamline/ui';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';

export type FilterField =
  | {
      key: string;
      label: string;
      kind: 'select';
      options: readonly SelectOption[];
      placeholder: string;
      /** Called when the select is first used: choices read from the server load then. */
      onOpen?: () => void;
    }
  | { key: string; label: string; kind: 'date' }
  | { key: string; label: string; kind: 'number' | 'text'; placeholder?: string };

/**
 * A list's filters, each bound to a URL parameter (docs/domain.md § Corrections): a select or a date applies at once; a
 * number or text applies when the field is left or Enter is pressed, so each keystroke does not reload the list.
 */
export function FilterBar({
  fields,
  values,
  onChange,
}: {
  fields: readonly FilterField[];
  values: Record<string, string | number>;
  onChange: (changes: Record<string, string>) => void;
}) {
  const active = fields.filter((field) => values[field.key]);
  return (
    <fieldset className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <legend className="sr-only">Filters</legend>
      {fields.map((field) => {
        const id = `filter-${field.key}`;
        return (
          <div key={field.key} className="flex flex-col gap-1">
            <Label htmlFor={id} className="text-xs text-slate-500">
              {field.label}
            </Label>
            {field.kind === 'select' ? (
              <Select
                id={id}
                className="w-40"
                value={String(values[field.key] ?? '')}
                placeholder={field.placeholder}
                options={field.options}
                onFocus={field.onOpen}
                onPointerDown={field.onOpen}
                onChange={(event) => onChange({ [field.key]: event.target.value })}
              />
            ) : field.kind === 'date' ? (
              <Input
                id={id}
                type="date"
                className="h-9 w-40"
                value={String(values[field.key] ?? '')}
                onChange={(event) => onChange({ [field.key]: event.target.value })}
              />
            ) : (
              <CommittedInput
                id={id}
                kind={field.kind}
                value={String(values[field.key] ?? '')}
                placeholder={field.placeholder}
                onCommit={(value) => onChange({ [field.key]: value })}
              />
            )}
          </div>
        );
      })}
      {active.length ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onChange(Object.fromEntries(fields.map((field) => [field.key, ''])))}
        >
          <X /> Clear filters
        </Button>
      ) : null}
    </fieldset>
  );
}

function CommittedInput({
  id,
  kind,
  value,
  placeholder,
  onCommit,
}: {
  id: string;
  kind: 'number' | 'text';
  value: string;
  placeholder?: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    const trimmed = text.trim();
    if (kind === 'text' || trimmed === '' || (Number.isFinite(Number(trimmed)) && Number(trimmed) >= 0))
      onCommit(trimmed);
    else setText(value);
  };
  return (
    <Input
      id={id}
      {...(kind === 'number' ? { type: 'number', min: 0, step: '0.01', inputMode: 'decimal' as const } : {})}
      className={kind === 'number' ? 'h-9 w-28' : 'h-9 w-36'}
      value={text}
      placeholder={placeholder}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
