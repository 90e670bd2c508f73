// The Admin GraphQL subset for the online store's themes and their files (read_themes), with
// Shopify's type, field and enum names (OnlineStoreTheme, OnlineStoreThemeFile and its body union).
import { connection } from './sdl-store';

export const THEMES_SDL = `
enum ThemeRole { ARCHIVED DEMO DEVELOPMENT LOCKED MAIN UNPUBLISHED MOBILE }
enum OnlineStoreThemeFileResultType { ERROR NOT_FOUND SUCCESS TIMEOUT }
type OnlineStoreTheme implements Node {
  id: ID! name: String! role: ThemeRole! prefix: String! processing: Boolean! processingFailed: Boolean!
  themeStoreId: Int createdAt: DateTime! updatedAt: DateTime!
  files(filenames: [String!], first: Int = 50, after: String): OnlineStoreThemeFileConnection
}
type OnlineStoreThemeFile {
  filename: String! body: OnlineStoreThemeFileBody! checksumMd5: String contentType: String! size: UnsignedInt64!
  createdAt: DateTime! updatedAt: DateTime!
}
union OnlineStoreThemeFileBody = OnlineStoreThemeFileBodyBase64 | OnlineStoreThemeFileBodyText | OnlineStoreThemeFileBodyUrl
type OnlineStoreThemeFileBodyBase64 { contentBase64: String! }
type OnlineStoreThemeFileBodyText { content: String! }
type OnlineStoreThemeFileBodyUrl { url: URL! }
type OnlineStoreThemeFileReadResult { code: OnlineStoreThemeFileResultType! filename: String! }
type OnlineStoreThemeFileConnection {
  edges: [OnlineStoreThemeFileEdge!]! nodes: [OnlineStoreThemeFile!]! pageInfo: PageInfo! userErrors: [OnlineStoreThemeFileReadResult!]!
}
type OnlineStoreThemeFileEdge { cursor: String! node: OnlineStoreThemeFile! }
${connection('OnlineStoreTheme')}
extend type QueryRoot {
  themes(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, roles: [ThemeRole!], names: [String!]): OnlineStoreThemeConnection
  theme(id: ID!): OnlineStoreTheme
}
`;
