// The order test files start in: the longest first, so that no long file starts last and runs alone
// while the other workers sit idle (a fresh clone's run has no jest cache, and jest then orders by
// file size: the two slowest files, 250-280 s, are short files and started late).
// A file's time is, in this order: jest's own cache from an earlier run on this machine, the times
// recorded in tests/setup/file-times.json (refreshed with `npm run test:times` after a full run), or,
// for a file in neither, the recorded median (a new file is not pushed to the end). Failed files still
// go first, as jest's own sequencer does.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ROOT = path.resolve(__dirname, '../..');
let recorded = {};
try {
  recorded = require('./file-times.json');
} catch {
  /* no recorded times yet: jest's cache or the median (none) decide */
}
const values = Object.values(recorded).sort((a, b) => a - b);
const median = values.length ? values[Math.floor(values.length / 2)] : undefined;

class LongestFirst extends Sequencer {
  time(test) {
    return super.time(test) ?? recorded[path.relative(ROOT, test.path)] ?? median;
  }
}
module.exports = LongestFirst;
