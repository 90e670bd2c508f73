// The imports plugin's contract: what it offers other plugins.
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from './define';

/** The marketplace imports a shop ran, per marketplace: which star ratings it asked for. */
export interface MarketplaceImportFilter {
  /** 'aliexpress' | 'amazon' */
  source: string;
  /** the star ratings asked for across the runs that imported reviews (1 to 5, ascending) */
  stars: number[];
  /** reviews those runs imported */
  imported: number;
}

/**
 * 'imports.history': what the shop's imports chose, as shoppers may be told (the disclosure page:
 * reviews copied from a marketplace with only some star ratings are a selection, and it says so).
 */
export interface ImportHistoryApi {
  marketplaceFilters(tenant: Tenant): Promise<MarketplaceImportFilter[]>;
}
export const ImportHistory = defineCapability<ImportHistoryApi>('imports.history');
