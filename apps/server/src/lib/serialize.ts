/** API objects carry both `_id` and `id` (docs/domain.md § API) and ISO 8601 UTC dates. */
export function withIds<T extends { id: string }>(row: T): T & { _id: string } {
  return { _id: row.id, ...row };
}

export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
