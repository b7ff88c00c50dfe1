import { Button } from '@seamline/ui';

/** A form's closing row: save (busy while sending) and cancel. */
export function FormActions({ saveLabel, busy, onCancel }: { saveLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="col-span-full flex gap-3">
      <Button type="submit" size="xl" loading={busy}>
        {saveLabel}
      </Button>
      <Button type="button" variant="outline" size="xl" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
