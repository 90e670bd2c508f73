// The fixture plugin's contract (tests/fixtures/plugins/fixture-notes, the example integrators copy):
// what it offers other plugins, written here like any provider's.
import type { Tenant } from '@plaudit/kernel';
import { defineCapability, defineEvent } from './define';

// --- capabilities ---

/** The number of notes of a shop. */
export interface NoteCounterApi {
  count(tenant: Tenant): Promise<number>;
}
export const NoteCounter = defineCapability<NoteCounterApi>('fixture-notes.counter');

// --- events ---

/** 'fixture-notes.created', key = note id: a note was saved (recorded in the note's transaction). */
export interface NoteCreatedPayload {
  shopId: number;
  shopDomain: string;
  noteId: number;
}
export const NoteCreated = defineEvent<NoteCreatedPayload>('fixture-notes.created');
