// The fixture plugin's contract (tests/fixtures/plugins/fixture-notes, the example integrators copy):
// what it offers other plugins, written here like any provider's.
import { defineEvent } from './define';

// --- events ---

/** 'fixture-notes.created', key = note id: a note was saved (recorded in the note's transaction). */
export interface NoteCreatedPayload {
  shopId: number;
  shopDomain: string;
  noteId: number;
}
export const NoteCreated = defineEvent<NoteCreatedPayload>('fixture-notes.created');
