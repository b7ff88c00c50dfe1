import type { CreateWebhookBody } from '@seamline/shared';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useToast,
} from '@seamline/ui';
import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookEndpoints,
  type WebhookEndpoint,
} from '../api';
import { DeliveriesPanel } from '../components/DeliveriesPanel';
import { DeliveryStatusBadge } from '../components/DeliveryStatusBadge';
import { SecretDialog } from '../components/SecretDialog';
import { WebhookFormDialog } from '../components/WebhookFormDialog';

const TOAST_MS = 5000;

/** Settings → Webhooks: the endpoints events are sent to, their secrets and their delivery logs (admins only). */
export default function WebhooksPage() {
  const toast = useToast(TOAST_MS);
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendTestEvent();
  const [form, setForm] = useState<{ open: boolean; endpoint?: WebhookEndpoint }>({ open: false });
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = endpoints.data ?? [];
  const selected = list.find((e) => e.id === selectedId) ?? null;

  const save = async (values: CreateWebhookBody) => {
    if (form.endpoint) {
      await update.mutateAsync({ id: form.endpoint.id, body: values });
      toast.success('Endpoint updated');
    } else {
      const made = await create.mutateAsync(values);
      setSecret(made.secret);
    }
    setForm({ open: false });
  };

  const act = async (run: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, failed));
    }
  };

  const rotateSecret = async (endpoint: WebhookEndpoint) => {
    try {
      setSecret((await rotate.mutateAsync(endpoint.id)).secret);
    } catch (error) {
      toast.error(errorMessage(error, 'The secret could not be rotated.'));
    }
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Send store events to other systems: each delivery is signed with the endpoint's secret."
        actions={
          <Button onClick={() => setForm({ open: true })}>
            <Plus className="size-4" aria-hidden /> Add Endpoint
          </Button>
        }
      />
      {endpoints.isError ? (
        <ErrorState title="Failed to load webhook endpoints" />
      ) : endpoints.isPending ? (
        <p className="text-sm text-slate-500">Loading endpoints…</p>
      ) : list.length === 0 ? (
        <EmptyState icon={Webhook} title="No endpoints yet" description="Add an endpoint to start receiving events." />
      ) : (
        <Table aria-label="Webhook endpoints">
          <TableHeader>
            <TableRow>
              <TableHead>URL</TableHead>
              <TableHead>Events</TableHead>
              <TableHead>Enabled</TableHead>
              <TableHead>Last delivery</TableHead>
              <TableActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((endpoint) => (
              <TableRow key={endpoint.id}>
                <TableCell>
                  <div className="font-mono text-xs">{endpoint.url}</div>
                  {endpoint.description ? <div className="text-xs text-slate-500">{endpoint.description}</div> : null}
                  {endpoint.disabledReason ? (
                    <div className="text-xs text-red-700">Turned off: {endpoint.disabledReason}</div>
                  ) : null}
                </TableCell>
                <TableCell>{endpoint.topics.length}</TableCell>
                <TableCell>
                  <Badge variant={endpoint.enabled ? 'success' : 'neutral'}>{endpoint.enabled ? 'On' : 'Off'}</Badge>
                </TableCell>
                <TableCell>
                  {endpoint.lastDelivery ? (
                    <span className="flex items-center gap-2">
                      <DeliveryStatusBadge status={endpoint.lastDelivery.status} />
                      {endpoint.lastDelivery.responseCode ?? ''}
                    </span>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>
                  <div className="flex min-w-80 flex-wrap justify-end gap-1.5">
                    <Button size="sm" variant="outline" onClick={() => setSelectedId(endpoint.id)}>
                      Deliveries
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setForm({ open: true, endpoint })}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() =>
                        act(
                          () => update.mutateAsync({ id: endpoint.id, body: { enabled: !endpoint.enabled } }),
                          endpoint.enabled ? 'Endpoint turned off' : 'Endpoint turned on',
                          'The endpoint could not be changed.',
                        )
                      }
                    >
                      {endpoint.enabled ? 'Turn off' : 'Turn on'}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!endpoint.enabled}
                      onClick={() =>
                        act(() => sendTest.mutateAsync(endpoint.id), 'Test event queued', 'The test event failed.')
                      }
                    >
                      Send test
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => rotateSecret(endpoint)}>
                      Rotate secret
                    </Button>
                    <Button size="sm" variant="destructive" onClick={() => setDeleting(endpoint)}>
                      Delete
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {selected ? (
        <DeliveriesPanel
          endpoint={selected}
          onResent={(message, failed) => (failed ? toast.error(message) : toast.success(message))}
        />
      ) : null}
      <WebhookFormDialog
        open={form.open}
        endpoint={form.endpoint}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        onSubmit={save}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete endpoint?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => {
          const endpoint = deleting;
          if (!endpoint) return;
          void act(
            () => remove.mutateAsync(endpoint.id),
            'Endpoint deleted',
            'The endpoint could not be deleted.',
          ).then(() => {
            setDeleting(null);
            if (selectedId === endpoint.id) setSelectedId(null);
          });
        }}
      >
        Events will no longer be sent to {deleting?.url}, and its delivery log is deleted.
      </ConfirmDialog>
    </>
  );
}
