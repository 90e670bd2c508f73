// @plaudit/kernel/workflow: what plugin workflow code may take from the kernel. Everything here is
// safe inside Temporal's workflow sandbox (no I/O, no Node built-ins).
export { ShopDomain, OrderName, RequestStatus, SendAt } from './search-attributes';
