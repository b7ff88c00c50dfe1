import { can, DEBOUNCE_MS, PAGE_SIZES, type PublicUser, TOAST_MS } from '@seamline/shared';
import { Button, EmptyState, PageHeader, Pagination, SearchBox, Skeleton, useToast } from '@seamline/ui';
import { Send, UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { useLastPageClamp, useListParams } from '../../../lib/list-params';
import { useUsers } from '../api';
import { AddUserDialog } from '../components/AddUserDialog';
import { DeactivateUserDialog } from '../components/DeactivateUserDialog';
import { EditUserDialog } from '../components/EditUserDialog';
import { InviteUserDialog } from '../components/InviteUserDialog';
import { PendingInvitationsCard } from '../components/PendingInvitationsCard';
import { UserCard } from '../components/UserCard';
import { UserSessionsDialog } from '../components/UserSessionsDialog';

/**
 * User Management (the specification): staff only, searchable card grid; admins add, edit and deactivate. Search and
 * page live in the URL.
 */
export default function UsersPage() {
  const { user: viewer } = useAuth();
  const toast = useToast(TOAST_MS.users);
  const isAdmin = can(viewer?.role, 'usersWrite');
  const [{ page, search }, setParams] = useListParams({ search: '', page: 1 });
  const setPage = (next: number) => setParams({ page: next });
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const [deactivating, setDeactivating] = useState<PublicUser | null>(null);
  const [viewingSessions, setViewingSessions] = useState<PublicUser | null>(null);
  const users = useUsers({ page, search });

  useEffect(() => {
    if (users.isError) toast.error('Failed to load users');
  }, [users.isError, toast]);

  // A failed load shows an empty list (spec), not the previous page.
  const list = users.isError ? [] : (users.data?.users ?? []);
  const totalPages = users.isError ? 1 : (users.data?.pagination.totalPages ?? 1);
  useLastPageClamp(page, users.isSuccess && !users.isPlaceholderData ? totalPages : undefined, setParams);

  return (
    <>
      <PageHeader
        title="User Management"
        description="Staff accounts: admins, moderators and support."
        actions={
          isAdmin ? (
            // Inviting is the default: the new colleague chooses their own password (spec's Add User stays beside it).
            <>
              <Button variant="outline" onClick={() => setAdding(true)}>
                <UserPlus aria-hidden /> Add User
              </Button>
              <Button onClick={() => setInviting(true)}>
                <Send aria-hidden /> Invite User
              </Button>
            </>
          ) : null
        }
      />
      {isAdmin ? <PendingInvitationsCard toast={toast} /> : null}
      <SearchBox
        value={search}
        delayMs={DEBOUNCE_MS.users}
        placeholder="Search users..."
        className="mb-6 max-w-md"
        onDebouncedChange={(value) => setParams({ search: value }, { replace: true })}
      />
      {users.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {Array.from({ length: PAGE_SIZES.users }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState icon={Users} title="No Users Found" description="There are no users in the system yet." />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              canManage={isAdmin}
              onEdit={setEditing}
              onDelete={setDeactivating}
              onSessions={setViewingSessions}
            />
          ))}
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} onPageChange={setPage} className="mt-6" />

      {isAdmin ? (
        <>
          <InviteUserDialog
            open={inviting}
            onOpenChange={setInviting}
            onInvited={(email) => toast.success(`Invitation sent to ${email}`)}
          />
          <AddUserDialog
            open={adding}
            onOpenChange={setAdding}
            onCreated={() => toast.success('User created successfully')}
          />
          <EditUserDialog
            user={editing}
            onClose={() => setEditing(null)}
            onSaved={() => toast.success('User updated successfully')}
          />
          <UserSessionsDialog user={viewingSessions} onClose={() => setViewingSessions(null)} onMessage={toast.info} />
          <DeactivateUserDialog
            user={deactivating}
            onClose={() => setDeactivating(null)}
            onDeactivated={(user) => toast.success(`${user.firstName} ${user.lastName} deactivated successfully`)}
          />
        </>
      ) : null}
    </>
  );
}
