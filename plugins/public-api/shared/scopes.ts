// What an API key may do. A key carries one or more scopes; every public route names the one it needs.
export const SCOPES = ['reviews:read', 'reviews:write', 'requests:read', 'requests:write', 'questions:read', 'webhooks'] as const;
export type Scope = (typeof SCOPES)[number];
