// The static project's tests run without the test stack. In a run that also has node or browser tests,
// the stack's global set-up has exported its addresses (DATABASE_URL, TEMPORAL_ADDRESS, SMTP_URL, a
// PLUGIN_DIRS with the fixture plugins...) to every jest worker: put the variables back as they were, so a
// static test behaves the same in `npm test` and alone, and one that needs a service fails in both.
// (jest gives each test file its own copy of process.env: this touches no node test.)
// (global-setup.ts's ENV_BEFORE_STACK, not imported: that module loads half the app)
const ENV_BEFORE_STACK = 'PLAUDIT_ENV_BEFORE_STACK';

const before = process.env[ENV_BEFORE_STACK];
if (before) {
  for (const [name, value] of Object.entries(JSON.parse(before) as Record<string, string | null>)) {
    if (value === null) delete process.env[name];
    else process.env[name] = value;
  }
}
delete process.env[ENV_BEFORE_STACK];
