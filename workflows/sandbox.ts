// @plaudit/kernel/workflow: what plugin workflow code may take from the kernel. Everything here is
// safe inside Temporal's workflow sandbox (no I/O, no Node built-ins; tests/unit/import-cycles.test.ts
// checks what this file reaches). The definitions live in api/: workflows import api, never the reverse.
export { ShopDomain, OrderName, RequestStatus, SendAt } from '../api/temporal/search-attributes';
// integrations' vendor calls: the failure names, the retry policy, and a refused key out of a failure
export { INTEGRATION_REVOKED, revokedKey, VENDOR_CALL_RETRY, VENDOR_REJECTED } from '../api/kernel/integration-failures';
