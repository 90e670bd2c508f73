// The video_uploads rows (migrations/20270201090000_video_uploads.ts): every query is the shop's.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { Refusal } from '../shared/limits';

export type UploadStatus = 'uploading' | 'accepted' | 'refused' | 'attached' | 'ready' | 'failed';

export interface UploadRow {
  id: string;
  shopId: number;
  status: UploadStatus;
  size: number;
  lang: string | null;
  seconds: number | null;
  width: number | null;
  height: number | null;
  hasAudio: boolean | null;
  refusal: Refusal | null;
  reviewId: number | null;
  caption: string | null;
  error: string | null;
  createdAt: Date;
}

const TABLE = 'video_uploads';

export async function createUpload(tenant: Tenant, id: string, size: number, lang: string | null) {
  await tenant.insertInto(TABLE, { id, status: 'uploading', size, lang });
}

export async function findUpload(tenant: Tenant, id: string, trx?: Knex.Transaction): Promise<UploadRow | undefined> {
  return tenant.table(TABLE, trx).where({ id }).first();
}

export async function acceptUpload(tenant: Tenant, id: string, facts: { seconds: number; width: number; height: number; hasAudio: boolean }) {
  await tenant
    .table(TABLE)
    .where({ id, status: 'uploading' })
    .update({ status: 'accepted', ...facts, updatedAt: new Date() });
}

export async function refuseUpload(tenant: Tenant, id: string, refusal: Refusal) {
  await tenant.table(TABLE).where({ id }).update({ status: 'refused', refusal, updatedAt: new Date() });
}

/** Binds an accepted upload to its review, once: false when it is not accepted or is bound already. */
export async function attachUpload(trx: Knex.Transaction, tenant: Tenant, id: string, reviewId: number, caption: string | null): Promise<boolean> {
  const n = await tenant
    .table(TABLE, trx)
    .where({ id, status: 'accepted' })
    .whereNull('reviewId')
    .update({ status: 'attached', reviewId, caption, updatedAt: new Date() });
  return n === 1;
}

export async function finishUpload(tenant: Tenant, id: string, outcome: { status: 'ready' } | { status: 'failed'; error: string }, trx?: Knex.Transaction) {
  await tenant
    .table(TABLE, trx)
    .where({ id })
    .update({ ...outcome, updatedAt: new Date() });
}

/** Uploads never sent with a review (or refused) after `hours`: their files are removed. */
export async function abandonedUploads(knex: Knex, hours: number): Promise<{ id: string; shopId: number }[]> {
  // tenancy: a sweep over every shop's abandoned uploads, by age alone
  return knex(TABLE)
    .whereIn('status', ['uploading', 'accepted', 'refused'])
    .where('createdAt', '<', knex.raw(`now() - make_interval(hours => ?)`, [hours]))
    .select('id', 'shopId')
    .limit(500);
}

export async function forgetUploads(knex: Knex, ids: string[]) {
  // tenancy: the ids come from abandonedUploads' sweep
  await knex(TABLE).whereIn('id', ids).whereIn('status', ['uploading', 'accepted', 'refused']).delete();
}
