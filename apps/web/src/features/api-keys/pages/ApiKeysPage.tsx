import type { ApiKeyView } from '@seamline/shared';
import { Button, EmptyState, ErrorState, PageHeader, Skeleton, useToast } from '@seamline/ui';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useApiKeys } from '../api';
import { ApiKeysTable } from '../components/ApiKeysTable';
import { CreateApiKeyDialog } from '../components/CreateApiKeyDialog';
import { RevokeApiKeyDialog } from '../components/RevokeApiKeyDialog';

const TOAST_DURATION_MS = 5000;

/** Settings → API keys (admins): keys for machine callers, created with scopes, revoked at once. */
export default function ApiKeysPage() {
  const toast = useToast(TOAST_DURATION_MS);
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys let an ERP or warehouse system call the store's API without a staff sign-in; each reaches only its scopes."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden /> Create API key
          </Button>
        }
      />
      {keys.isPending ? (
        <Skeleton className="h-40 rounded-xl" aria-busy="true" />
      ) : keys.isError ? (
        <ErrorState
          title="Failed to load API keys"
          message={errorMessage(keys.error, 'Please try again.')}
          onRetry={() => keys.refetch()}
        />
      ) : keys.data.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No API keys yet"
          description="Create one for each system that calls the API."
        />
      ) : (
        <ApiKeysTable keys={keys.data} onRevoke={setRevoking} />
      )}
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <RevokeApiKeyDialog
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={(key) => toast.success(`API key "${key.name}" revoked`)}
      />
    </>
  );
}
