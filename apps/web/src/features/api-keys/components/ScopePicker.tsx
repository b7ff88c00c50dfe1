import { API_KEY_AREA_LABELS, API_KEY_AREAS, type ApiScope, scopesOfArea } from '@seamline/shared';
import { Checkbox, Label } from '@seamline/ui';

export type ScopePickerProps = {
  idPrefix: string;
  value: ApiScope[];
  onChange: (scopes: ApiScope[]) => void;
  invalid?: boolean;
};

const levelOf = (scope: ApiScope) => (scope.endsWith(':read') ? 'Read' : 'Write');

/** The scopes of a new key, one row per area with its read and write boxes (only those the area has). */
export function ScopePicker({ idPrefix, value, onChange, invalid }: ScopePickerProps) {
  const toggle = (scope: ApiScope, on: boolean) =>
    onChange(on ? [...value, scope] : value.filter((held) => held !== scope));
  return (
    <fieldset
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${idPrefix}-scopes-error` : undefined}
      className="flex flex-col gap-1.5"
    >
      <legend className="mb-1.5 text-sm font-medium text-foreground">
        Scopes<span className="ml-0.5 text-danger">*</span>
      </legend>
      <div className="divide-y divide-border rounded-control border border-border">
        {API_KEY_AREAS.map((area) => (
          <div key={area} className="flex items-center justify-between gap-4 px-3 py-2 text-sm">
            <span className="text-foreground">{API_KEY_AREA_LABELS[area]}</span>
            <span className="flex gap-4">
              {scopesOfArea(area).map((scope) => {
                const id = `${idPrefix}-scope-${scope.replace(':', '-')}`;
                return (
                  <span key={scope} className="flex items-center gap-1.5">
                    <Checkbox
                      id={id}
                      aria-label={`${API_KEY_AREA_LABELS[area]}: ${levelOf(scope).toLowerCase()} (${scope})`}
                      checked={value.includes(scope)}
                      onCheckedChange={(checked) => toggle(scope, checked === true)}
                    />
                    <Label htmlFor={id} className="font-normal">
                      {levelOf(scope)}
                    </Label>
                  </span>
                );
              })}
            </span>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
