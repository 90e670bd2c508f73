// The integrations emulator's vendor contract: each vendor (Klaviyo, Omnisend, Smile.io ...) is one
// module answering the requests for its hosts, with its own keys, rate limits and error bodies.

export interface VendorRequest {
  method: string;
  host: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  /** the raw body text ('' when none) */
  body: string;
}

export interface VendorAnswer {
  status: number;
  headers?: Record<string, string>;
  /** JSON-serialised unless a string */
  body?: unknown;
}

/** One request a vendor received, as the real vendor would have: for tests to assert on. */
export interface Received extends Omit<VendorRequest, 'query'> {
  vendor: string;
  query: Record<string, string>;
  status: number;
  at: number;
}

export interface Vendor {
  name: string;
  /** the hosts it answers for, e.g. ['a.klaviyo.com'] */
  hosts: string[];
  handle(req: VendorRequest): VendorAnswer | Promise<VendorAnswer>;
  /** test controls: a valid key for a shop, revoking it, the vendor's view of its data */
  control?: Record<string, (body: any) => unknown>;
  reset?(): void;
}
