import type { ApiKeyStatus, ApiKeyView } from '@seamline/shared';
import {
  Badge,
  type BadgeVariant,
  Button,
  formatDate,
  formatDateTime,
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';

const STATUS: Record<ApiKeyStatus, { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  expired: { label: 'Expired', variant: 'warning' },
  revoked: { label: 'Revoked', variant: 'danger' },
};

/** The last day a key works: its expiry instant is the start of the day after. */
const lastDay = (expiresAt: string) => formatDate(new Date(Date.parse(expiresAt) - 1));

export type ApiKeysTableProps = { keys: ApiKeyView[]; onRevoke: (key: ApiKeyView) => void };

/** Every key: name, public prefix, scopes, creator, last use and address, expiry, status; revoke while active. */
export function ApiKeysTable({ keys, onRevoke }: ApiKeysTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Key</TableHead>
          <TableHead>Scopes</TableHead>
          <TableHead>Created by</TableHead>
          <TableHead>Last used</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead>Status</TableHead>
          <TableActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key.id}>
            <TableCell className="font-medium">{key.name}</TableCell>
            <TableCell>
              <code className="font-mono text-xs">{key.prefix}_…</code>
            </TableCell>
            <TableCell>
              <span className="flex flex-wrap gap-1">
                {key.scopes.map((scope) => (
                  <Badge key={scope} variant={scope.endsWith(':write') ? 'primary' : 'neutral'}>
                    {scope}
                  </Badge>
                ))}
              </span>
            </TableCell>
            <TableCell>
              {key.createdBy ?? '—'}
              <span className="block text-xs text-muted-foreground">{formatDate(key.createdAt)}</span>
            </TableCell>
            <TableCell>
              {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}
              {key.lastUsedIp ? <span className="block text-xs text-muted-foreground">{key.lastUsedIp}</span> : null}
            </TableCell>
            <TableCell>{key.expiresAt ? lastDay(key.expiresAt) : 'Never'}</TableCell>
            <TableCell>
              <Badge variant={STATUS[key.status].variant}>{STATUS[key.status].label}</Badge>
            </TableCell>
            <TableCell className="text-right">
              {key.status === 'revoked' ? null : (
                <Button variant="outline" size="sm" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
