// The Admin GraphQL subset for the store's data, with Shopify's type, field and enum names so
// that queries written for Shopify validate here unchanged (and typos fail here as they would there).
import { COUNTRY_CODES } from '../seed-data';

/** XConnection and XEdge for each node type, as Shopify defines them. */
export const connection = (t: string) => `
type ${t}Connection { edges: [${t}Edge!]! nodes: [${t}!]! pageInfo: PageInfo! }
type ${t}Edge { cursor: String! node: ${t}! }`;

const page = 'first: Int, after: String, last: Int, before: String, reverse: Boolean = false';
const metafieldFields = `
  metafield(namespace: String, key: String!): Metafield
  metafields(first: Int, after: String, last: Int, before: String, namespace: String, keys: [String!]): MetafieldConnection!`;

export const STORE_SDL = `
scalar DateTime
scalar URL
scalar Decimal
scalar Money
scalar JSON
scalar HTML
scalar UnsignedInt64

interface Node { id: ID! }
interface DisplayableError { field: [String!] message: String! }

type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
type Count { count: Int! precision: CountPrecision! }
enum CountPrecision { AT_LEAST EXACT }

enum CurrencyCode { USD CAD EUR GBP JPY AUD BRL VND MXN INR CHF SEK NOK DKK PLN CZK NZD SGD HKD KRW CNY ZAR AED }
enum CountryCode { ${COUNTRY_CODES.join(' ')} ZZ }
type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }

type QueryRoot {
  shop: Shop!
  shopLocales(published: Boolean): [ShopLocale!]!
  products(${page}, query: String, sortKey: ProductSortKeys = ID, savedSearchId: ID): ProductConnection!
  product(id: ID!): Product
  productByHandle(handle: String!): Product
  productByIdentifier(identifier: ProductIdentifierInput!): Product
  productVariant(id: ID!): ProductVariant
  customers(${page}, query: String, sortKey: CustomerSortKeys = ID): CustomerConnection!
  customer(id: ID!): Customer
  orders(${page}, query: String, sortKey: OrderSortKeys = PROCESSED_AT, savedSearchId: ID): OrderConnection!
  ordersCount(query: String, limit: Int = 10000): Count
  order(id: ID!): Order
  node(id: ID!): Node
  nodes(ids: [ID!]!): [Node]!
  currentAppInstallation: AppInstallation!
  codeDiscountNode(id: ID!): DiscountCodeNode
  codeDiscountNodeByCode(code: String!): DiscountCodeNode
}

input ProductIdentifierInput { id: ID handle: String }

type Shop implements Node {
  id: ID! name: String! email: String! contactEmail: String! myshopifyDomain: String! url: URL!
  ianaTimezone: String! timezoneAbbreviation: String! timezoneOffset: String! timezoneOffsetMinutes: Int!
  currencyCode: CurrencyCode! enabledPresentmentCurrencies: [CurrencyCode!]! primaryDomain: Domain! plan: ShopPlan!
  billingAddress: ShopAddress! shopOwnerName: String! createdAt: DateTime! updatedAt: DateTime! description: String
  ${metafieldFields}
}
type Domain implements Node { id: ID! host: String! url: URL! sslEnabled: Boolean! }
type ShopPlan { displayName: String! publicDisplayName: String! partnerDevelopment: Boolean! shopifyPlus: Boolean! }
type ShopAddress implements Node {
  id: ID! address1: String address2: String city: String province: String provinceCode: String zip: String
  country: String countryCodeV2: CountryCode phone: String company: String
}
type ShopLocale { locale: String! name: String! primary: Boolean! published: Boolean! }

enum ProductStatus { ACTIVE ARCHIVED DRAFT }
enum ProductSortKeys { CREATED_AT ID INVENTORY_TOTAL PRODUCT_TYPE PUBLISHED_AT RELEVANCE TITLE UPDATED_AT VENDOR }
type Product implements Node {
  id: ID! legacyResourceId: UnsignedInt64! title: String! handle: String! status: ProductStatus!
  description(truncateAt: Int): String! descriptionHtml: HTML! vendor: String! productType: String! tags: [String!]!
  createdAt: DateTime! updatedAt: DateTime! publishedAt: DateTime onlineStoreUrl: URL onlineStorePreviewUrl: URL
  totalInventory: Int! tracksInventory: Boolean! featuredImage: Image featuredMedia: Media
  media(${page}): MediaConnection!
  images(${page}): ImageConnection!
  variants(${page}): ProductVariantConnection!
  variantsCount: Count priceRangeV2: ProductPriceRangeV2!
  ${metafieldFields}
}
type ProductPriceRangeV2 { minVariantPrice: MoneyV2! maxVariantPrice: MoneyV2! }
type ProductVariant implements Node {
  id: ID! legacyResourceId: UnsignedInt64! title: String! displayName: String! sku: String barcode: String price: Money!
  compareAtPrice: Money product: Product! image: Image inventoryQuantity: Int createdAt: DateTime! updatedAt: DateTime!
  ${metafieldFields}
}
input ImageTransformInput { maxWidth: Int maxHeight: Int crop: CropRegion scale: Int preferredContentType: ImageContentType }
enum CropRegion { BOTTOM CENTER LEFT RIGHT TOP REGION }
enum ImageContentType { JPG PNG WEBP }
type Image { id: ID altText: String url(transform: ImageTransformInput): URL! width: Int height: Int }
enum MediaContentType { EXTERNAL_VIDEO IMAGE MODEL_3D VIDEO }
enum MediaStatus { FAILED PROCESSING READY UPLOADED }
enum MediaPreviewImageStatus { FAILED PROCESSING READY UPLOADED }
interface Media { id: ID! alt: String mediaContentType: MediaContentType! preview: MediaPreviewImage status: MediaStatus! }
type MediaPreviewImage { image: Image status: MediaPreviewImageStatus! }
type MediaImage implements Node & Media {
  id: ID! alt: String mediaContentType: MediaContentType! preview: MediaPreviewImage status: MediaStatus! image: Image mimeType: String
}

enum CustomerSortKeys { CREATED_AT ID LOCATION NAME RELEVANCE UPDATED_AT }
enum CustomerState { DECLINED DISABLED ENABLED INVITED }
enum CustomerEmailAddressMarketingState { INVALID NOT_SUBSCRIBED PENDING SUBSCRIBED UNSUBSCRIBED }
type CustomerEmailAddress { emailAddress: String! marketingState: CustomerEmailAddressMarketingState! }
type CustomerPhoneNumber { phoneNumber: String! }
type Customer implements Node {
  id: ID! legacyResourceId: UnsignedInt64! firstName: String lastName: String displayName: String! email: String phone: String
  defaultEmailAddress: CustomerEmailAddress defaultPhoneNumber: CustomerPhoneNumber locale: String!
  defaultAddress: MailingAddress addresses(first: Int): [MailingAddress!]! createdAt: DateTime! updatedAt: DateTime!
  numberOfOrders: UnsignedInt64! amountSpent: MoneyV2! state: CustomerState! tags: [String!]! verifiedEmail: Boolean! note: String
  orders(${page}, query: String, sortKey: OrderSortKeys = ID): OrderConnection!
  ${metafieldFields}
}
type MailingAddress implements Node {
  id: ID! address1: String address2: String city: String province: String provinceCode: String zip: String
  country: String countryCodeV2: CountryCode firstName: String lastName: String name: String phone: String company: String
  timeZone: String
}

enum OrderSortKeys { CREATED_AT CUSTOMER_NAME DESTINATION FINANCIAL_STATUS FULFILLMENT_STATUS ID ORDER_NUMBER PO_NUMBER PROCESSED_AT RELEVANCE TOTAL_ITEMS_QUANTITY TOTAL_PRICE UPDATED_AT }
enum OrderDisplayFinancialStatus { AUTHORIZED EXPIRED PAID PARTIALLY_PAID PARTIALLY_REFUNDED PENDING REFUNDED VOIDED }
enum OrderDisplayFulfillmentStatus { FULFILLED IN_PROGRESS ON_HOLD OPEN PARTIALLY_FULFILLED PENDING_FULFILLMENT REQUEST_DECLINED RESTOCKED SCHEDULED UNFULFILLED }
type Order implements Node {
  id: ID! legacyResourceId: UnsignedInt64! name: String! createdAt: DateTime! updatedAt: DateTime! processedAt: DateTime!
  email: String phone: String customerLocale: String currencyCode: CurrencyCode! presentmentCurrencyCode: CurrencyCode!
  displayFinancialStatus: OrderDisplayFinancialStatus displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
  fullyPaid: Boolean! cancelledAt: DateTime closed: Boolean! closedAt: DateTime confirmed: Boolean! test: Boolean!
  currentTotalPriceSet: MoneyBag! totalPriceSet: MoneyBag! subtotalPriceSet: MoneyBag currentSubtotalPriceSet: MoneyBag!
  totalRefundedSet: MoneyBag! discountCode: String discountCodes: [String!]! totalDiscountsSet: MoneyBag
  currentTotalDiscountsSet: MoneyBag! customer: Customer shippingAddress: MailingAddress billingAddress: MailingAddress
  lineItems(${page}): LineItemConnection!
  fulfillments(first: Int): [Fulfillment!]!
  tags: [String!]! note: String statusPageUrl: URL! sourceName: String
  ${metafieldFields}
}
type LineItem implements Node {
  id: ID! title: String! name: String! quantity: Int! currentQuantity: Int! sku: String variantTitle: String vendor: String
  product: Product variant: ProductVariant image: Image originalUnitPriceSet: MoneyBag! discountedTotalSet: MoneyBag!
  originalTotalSet: MoneyBag! requiresShipping: Boolean!
}
enum FulfillmentStatus { CANCELLED ERROR FAILURE OPEN PENDING SUCCESS }
enum FulfillmentDisplayStatus {
  ATTEMPTED_DELIVERY CANCELED CONFIRMED DELIVERED FAILURE FULFILLED IN_TRANSIT LABEL_PRINTED LABEL_PURCHASED
  LABEL_VOIDED MARKED_AS_FULFILLED NOT_DELIVERED OUT_FOR_DELIVERY PICKED_UP READY_FOR_PICKUP SUBMITTED
}
enum FulfillmentEventStatus {
  ATTEMPTED_DELIVERY CARRIER_PICKED_UP CONFIRMED DELAYED DELIVERED FAILURE IN_TRANSIT LABEL_PRINTED LABEL_PURCHASED
  OUT_FOR_DELIVERY PICKED_UP READY_FOR_PICKUP
}
type FulfillmentTrackingInfo { company: String number: String url: URL }
type Fulfillment implements Node {
  id: ID! legacyResourceId: UnsignedInt64! name: String! status: FulfillmentStatus! displayStatus: FulfillmentDisplayStatus
  createdAt: DateTime! updatedAt: DateTime! deliveredAt: DateTime inTransitAt: DateTime estimatedDeliveryAt: DateTime
  trackingInfo(first: Int): [FulfillmentTrackingInfo!]! order: Order!
  events(${page}): FulfillmentEventConnection!
}
type FulfillmentEvent implements Node { id: ID! status: FulfillmentEventStatus! happenedAt: DateTime! createdAt: DateTime! message: String }

enum MetafieldOwnerType { API_PERMISSION CUSTOMER ORDER PRODUCT PRODUCTVARIANT SHOP }
type Metafield implements Node {
  id: ID! namespace: String! key: String! value: String! type: String! jsonValue: JSON! ownerType: MetafieldOwnerType!
  createdAt: DateTime! updatedAt: DateTime! compareDigest: String!
}
${['Product', 'ProductVariant', 'Customer', 'Order', 'LineItem', 'FulfillmentEvent', 'Metafield', 'Media', 'Image'].map(connection).join('')}
`;
