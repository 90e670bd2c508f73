import type { Scope } from '../shared/scopes';

/** translation key of a scope's label ('reviews:read' -> 'public-api:keys.scope.reviews_read') */
export const scopeLabel = (scope: Scope) => `public-api:keys.scope.${scope.replace(':', '_')}`;
