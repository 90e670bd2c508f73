// The recorder never replaces a kept history by another shape, also when two new shapes of one scenario
// are recorded the same day (the second used to overwrite the first under `<name>.<date>.json`, losing the
// history of workflows that may still be running in that shape). Offline: three kept deliverEvent shapes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HISTORIES_DIR, readHistory, saveHistory, shapeOf } from './histories';

const kept = ['review-created.json', 'review-created.2026-12-05.json', 'review-created.2026-12-05.2.json'].map((f) =>
  readHistory(path.join(HISTORIES_DIR, 'deliverEvent', f)),
);

test('each new shape of a scenario recorded the same day is kept beside the others', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-histories-'));
  const day = new Date('2027-01-15T12:00:00Z');
  const folder = path.join(dir, 'deliverEvent');
  try {
    expect(new Set(kept.map((h) => shapeOf(h).join())).size).toBe(3);
    expect(kept.map((h) => saveHistory(h, 'review-created', dir, day))).toEqual([
      { outcome: 'added', file: path.join(folder, 'review-created.json') },
      { outcome: 'new shape', file: path.join(folder, 'review-created.2027-01-15.json') },
      { outcome: 'new shape', file: path.join(folder, 'review-created.2027-01-15.2.json') },
    ]);
    expect(saveHistory(kept[1], 'review-created', dir, day).outcome).toBe('unchanged');
    const saved = ['review-created.json', 'review-created.2027-01-15.json', 'review-created.2027-01-15.2.json'];
    expect(saved.map((f) => shapeOf(readHistory(path.join(folder, f))))).toEqual(kept.map(shapeOf));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
