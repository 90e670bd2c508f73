import { BaseModel } from '../db/base-model';

export interface SurveyWidget {
  closedAt: string | null;
  closeCount: number;
  isSubmitted: boolean;
}

/** The merchant's shop: one row per installed store (spec section 3, "Shop"). */
export class Shop extends BaseModel {
  static tableName = 'shops';
  static jsonAttributes = ['installedApps', 'surveyWidget', 'quickstart'];

  shopifyDomain!: string;
  domain?: string | null;
  name?: string | null;
  appName!: string;
  plan!: string;
  installedAt!: Date;
  installedAtTest?: Date | null;
  uninstalledAt?: Date | null;
  isNewShop!: boolean;
  isGrowHacking6!: boolean;
  setupDone!: boolean;
  appStatus!: boolean;
  enableRemoveBranding!: boolean;
  isRemoveBranding!: boolean;
  isRated!: boolean;
  extendedMode!: boolean;
  ianaTimezone!: string;
  timezone?: string | null;
  sharedSecret?: string | null;
  primaryLocale!: string;
  adminLocale?: string | null;
  shopifyPlan?: string | null;
  email?: string | null;
  firstName?: string | null;
  supportAppBlock!: boolean;
  vendor!: string;
  installedApps!: string[];
  surveyWidget!: SurveyWidget;
  isCrmLogin!: boolean;
  chatSessionToken?: string | null;
  hideBannerSettingRequest!: boolean;
  isEnableDeliveryMethod!: boolean;
  isShowCardOldOrder!: boolean;
  quickstart!: Record<string, boolean>;
  hasVNMFonts!: boolean;
  platformShopId?: string | null;
  isDevelopmentStore!: boolean;
  surveyExcluded!: boolean;
  menuAllowed!: boolean;

  // The column is has_vnm_fonts; the spec's field name is hasVNMFonts.
  $formatDatabaseJson(json: Record<string, unknown>) {
    const out = super.$formatDatabaseJson(json);
    if ('hasVNMFonts' in out) {
      out.has_vnm_fonts = out.hasVNMFonts;
      delete out.hasVNMFonts;
    }
    return out;
  }

  $parseDatabaseJson(json: Record<string, unknown>) {
    const out = super.$parseDatabaseJson(json);
    if ('hasVnmFonts' in out) {
      out.hasVNMFonts = out.hasVnmFonts;
      delete out.hasVnmFonts;
    }
    return out;
  }
}
