import {
  ADMIN_PROTECTED_MESSAGE,
  type CreateUserData,
  type listUsersQuery,
  type PublicUser,
  pagination,
  STAFF_ROLES,
  type UpdateUserStatusInput,
  type UserListData,
} from '@seamline/shared';
import { and, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { containsPattern } from '../../lib/search.js';
import { revokeUserSessions, toPublicUser } from '../auth/index.js';

type ListQuery = z.output<typeof listUsersQuery>;
type UserRow = typeof users.$inferSelect;

export const USER_NOT_FOUND = 'User not found';
export const EMAIL_TAKEN = 'An account with this email already exists';

// Names and e-mails sort case-insensitively; lastLogin puts "never signed in" last in both directions.
const SORT_EXPRESSIONS: Record<ListQuery['sortBy'], SQL> = {
  createdAt: sql`${users.createdAt}`,
  firstName: sql`lower(${users.firstName})`,
  lastName: sql`lower(${users.lastName})`,
  email: sql`lower(${users.email})`,
  lastLogin: sql`${users.lastLogin}`,
};

/** Staff only: customers are managed under /api/admin/customers and are invisible here (404). */
const isStaff = and(inArray(users.role, [...STAFF_ROLES]), isNull(users.deletedAt));

/** A unique index refused the row (also when wrapped by the driver or drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export class UsersService {
  constructor(private readonly db: Db) {}

  async list(query: ListQuery): Promise<UserListData> {
    const conditions: (SQL | undefined)[] = [
      isStaff,
      query.role === 'staff' ? undefined : eq(users.role, query.role),
      query.status ? eq(users.isActive, query.status === 'active') : undefined,
    ];
    if (query.search) {
      const pattern = containsPattern(query.search);
      conditions.push(
        or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern}`,
        ),
      );
    }
    const where = and(...conditions);
    const direction = sql.raw(query.sortOrder === 'asc' ? 'ASC' : 'DESC');
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(sql`${SORT_EXPRESSIONS[query.sortBy]} ${direction} NULLS LAST`, users.id)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [total] = await this.db.select({ value: count() }).from(users).where(where);
    return { users: rows.map(toPublicUser), pagination: pagination(query.page, query.limit, total?.value ?? 0) };
  }

  async get(id: string): Promise<PublicUser> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isStaff));
    if (!row) throw notFound(USER_NOT_FOUND);
    return toPublicUser(row);
  }

  async create(input: CreateUserData, ctx: AuditContext): Promise<PublicUser> {
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${input.email}`);
        if (existing) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
        const [row] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone ?? null,
            role: input.role,
          })
          .returning();
        const created = row!;
        const snapshot = {
          email: created.email,
          firstName: created.firstName,
          lastName: created.lastName,
          phone: created.phone,
          role: created.role,
          isActive: created.isActive,
        };
        const changes = Object.fromEntries(Object.entries(snapshot).map(([k, v]) => [k, { before: null, after: v }]));
        await writeActivity(tx, ctx, {
          action: 'create',
          resource: 'user',
          resourceId: created.id,
          details: { email: created.email, changes },
        });
        return toPublicUser(created);
      });
    } catch (error) {
      // Two admins adding the same address at once: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
      throw error;
    }
  }

  /**
   * Role and active flag of a moderator or support account. Admin accounts are protected; deactivating
   * ends every session of the user at once.
   */
  async updateStatus(
    id: string,
    input: UpdateUserStatusInput,
    ctx: AuditContext,
  ): Promise<{ user: PublicUser; deactivated: boolean }> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), isStaff))
        .for('update');
      if (!current) throw notFound(USER_NOT_FOUND);
      if (current.role === 'admin') throw forbidden(ADMIN_PROTECTED_MESSAGE);
      const changes = changedFields<Pick<UserRow, 'isActive' | 'role'>>(current, input);
      if (Object.keys(changes).length === 0) return { user: toPublicUser(current), deactivated: false };
      const [updated] = await tx
        .update(users)
        .set({ isActive: input.isActive, role: input.role })
        .where(eq(users.id, id))
        .returning();
      const deactivated = changes.isActive?.after === false;
      if (deactivated) await revokeUserSessions(tx, id);
      await writeActivity(tx, ctx, {
        action: deactivated ? 'deactivate' : 'update_status',
        resource: 'user',
        resourceId: id,
        details: { email: current.email, changes },
      });
      return { user: toPublicUser(updated!), deactivated };
    });
  }
}
