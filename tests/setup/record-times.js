// `npm run test:times`: keeps the file times of the last run (.data/test-times.json, written by the
// summary reporter) in tests/setup/file-times.json, which the sequencer reads on a fresh clone.
// A partial run updates the files it ran; files that no longer exist are dropped.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const target = path.join(__dirname, 'file-times.json');
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});
const merged = { ...read(target), ...read(path.join(ROOT, '.data/test-times.json')) };
const kept = Object.entries(merged)
  .filter(([file]) => fs.existsSync(path.join(ROOT, file)))
  .sort((a, b) => b[1] - a[1]);
fs.writeFileSync(target, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
console.log(`${kept.length} file times in ${path.relative(ROOT, target)}`);
