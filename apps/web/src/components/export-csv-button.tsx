import { type Endpoint, TOAST_MS } from '@seamline/shared';
import { Button, useToast } from '@seamline/ui';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { downloadFile } from '../lib/download';

/** "Export CSV" for a list or report screen: downloads its export with the screen's current filters. */
export function ExportCsvButton({
  contract,
  params,
  query,
  fileName,
}: {
  contract: Endpoint;
  params?: Record<string, string>;
  query: Record<string, unknown>;
  fileName: string;
}) {
  const toast = useToast(TOAST_MS.products);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(contract, query, `${fileName}-${new Date().toISOString().slice(0, 10)}.csv`, params);
    } catch (error) {
      toast.error(errorMessage(error, 'Export failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={run} disabled={busy}>
      <Download /> {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
