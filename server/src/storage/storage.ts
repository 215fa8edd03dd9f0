import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { storedFiles } from '../db/schema';

/**
 * Where the bytes of uploaded files live: one interface, so a deployment that outgrows keeping them
 * in its database (docs/SCALING.md) swaps this file's body for an object store and keeps the rest.
 * Every call takes the writer's `db` (its transaction): a file exists exactly when the row that
 * links it does.
 */
export interface StoredFileMeta {
  id: number;
  organizationId: number;
  name: string;
  type: string;
  size: number;
  sha256: string;
}

export interface NewFile {
  organizationId: number;
  name: string;
  type: string;
  bytes: Buffer;
  createdBy: number;
}

const meta = {
  id: storedFiles.id,
  organizationId: storedFiles.organizationId,
  name: storedFiles.name,
  type: storedFiles.type,
  size: storedFiles.size,
  sha256: storedFiles.sha256,
};

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Keeps a file's bytes with its name and type; answers what a listing shows of it. */
export async function putFile(db: Database, file: NewFile): Promise<StoredFileMeta> {
  const [row] = await db
    .insert(storedFiles)
    .values({
      organizationId: file.organizationId,
      name: file.name,
      type: file.type,
      size: file.bytes.length,
      sha256: sha256Of(file.bytes),
      content: file.bytes,
      createdBy: file.createdBy,
    })
    .returning(meta);
  return row;
}

/** A file's bytes and description, or null. The caller has already found it through its owner's row. */
export async function readFile(
  db: Database,
  id: number,
): Promise<(StoredFileMeta & { bytes: Buffer }) | null> {
  const [row] = await db
    .select({ ...meta, bytes: storedFiles.content })
    .from(storedFiles)
    .where(eq(storedFiles.id, id));
  return row ?? null;
}

/** Descriptions of files by id (listings), in no particular order. */
export async function describeFiles(db: Database, ids: number[]): Promise<StoredFileMeta[]> {
  if (ids.length === 0) return [];
  return db.select(meta).from(storedFiles).where(inArray(storedFiles.id, ids));
}

/** Forgets files of a school (their links are removed by the caller in the same transaction). */
export async function removeFiles(db: Database, organizationId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.organizationId, organizationId), inArray(storedFiles.id, ids)));
}

/**
 * Bytes a school keeps now, read under a transaction-scoped advisory lock of that school, so two
 * uploads at once cannot both pass the quota: call it in the upload's transaction, before `putFile`.
 */
export async function lockedUsage(db: Database, organizationId: number): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('stored_files'), ${organizationId}::int)`);
  const [row] = await rowsOf<{ used: string }>(
    db,
    sql`select coalesce(sum(${storedFiles.size}), 0)::text as used from ${storedFiles}
         where ${storedFiles.organizationId} = ${organizationId}`,
  );
  return Number(row?.used ?? 0);
}
