import { z } from 'zod';

export const LOCALES = ['en', 'zh-CN', 'nl', 'fr', 'de', 'ko', 'it', 'ja', 'pt-BR', 'es'] as const;

const surveyWidget = z
  .object({
    closedAt: z.iso.datetime({ message: 'Invalid date value' }).nullable(),
    closeCount: z.number().int().min(0).max(1000),
    isSubmitted: z.boolean(),
  })
  .partial()
  .strict();

const quickstart = z.record(z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/), z.boolean());

/** Fields a merchant may change with a plain PUT /api/shops. */
export const shopUpdate = z
  .object({
    surveyWidget,
    quickstart,
    hideBannerSettingRequest: z.boolean(),
    isEnableDeliveryMethod: z.boolean(),
    isShowCardOldOrder: z.boolean(),
    extendedMode: z.boolean(),
    adminLocale: z.enum(LOCALES, { message: 'The value is invalid' }),
    isRemoveBranding: z.boolean(),
  })
  .partial()
  .strict();

export const appStatusUpdate = z.object({ appStatus: z.boolean() }).strict();
export const isRatedUpdate = z.object({ isRated: z.boolean() }).strict();
export const onboardingUpdate = z.object({ setupDone: z.boolean(), isNewShop: z.boolean(), quickstart }).partial().strict();

export const devZoneStatus = z.object({ status: z.boolean() }).strict();
/** skip-update-state: developers set shop state directly to skip onboarding steps or try plans. */
export const devZoneState = z
  .object({
    dataUpdate: z
      .object({
        setupDone: z.boolean(),
        isNewShop: z.boolean(),
        plan: z.enum(['free', 'pro', 'pro_2', 'pro_24', 'advanced', 'enterprise']),
        shopifyPlan: z.string().min(1).max(64),
        quickstart,
        surveyWidget,
        installedApps: z.array(z.string().min(1).max(64)).max(50),
        extendedMode: z.boolean(),
        isCrmLogin: z.boolean(),
        hasVNMFonts: z.boolean(),
        isShowCardOldOrder: z.boolean(),
        surveyExcluded: z.boolean(),
        menuAllowed: z.boolean(),
      })
      .partial()
      .strict(),
  })
  .strict();
