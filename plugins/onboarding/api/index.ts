// /api/onboarding: the answers of the first steps (profile) and where the theme app extension
// stands in the live theme, read through the platform adapter, with the theme editor deep links
// that place what is missing, and the reward of the discount step (the RewardSetup capability).
// Progress itself is the shop's quickstart map (PUT /api/shops).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { RewardSetup, type RewardSetupChoice } from '@plaudit/contracts/rewards';
import { type ApiServices, type AppState, defineApiPlugin, unavailableDependency } from '@plaudit/kernel';
import { PROFILE_DEFAULTS, profileSchema, profileUpdate } from '../shared/profile';
import { APP_EMBED, THEME_BLOCKS, type ThemeStatus } from '../shared/theme';

async function themeStatus({ platform, log }: ApiServices, shopDomain: string): Promise<ThemeStatus> {
  if (!platform) return { available: false };
  const blocks = Object.values(THEME_BLOCKS);
  let found;
  try {
    found = await platform.adminApi(shopDomain).themeIntegration({ embeds: [APP_EMBED], blocks });
  } catch (err) {
    if (unavailableDependency(err)) throw err;
    // A token without read_themes (granted before the scope was asked for) or a theme Shopify cannot read.
    log.warn({ err: (err as Error).message, shopDomain }, 'onboarding: the live theme could not be read');
    return { available: false };
  }
  if (!found) return { available: false };
  const placed = (handle: string) => found.blocks.some((b) => b.handle === handle && b.placed);
  const blockLink = (b: (typeof blocks)[number]) => platform.themeEditorLink(shopDomain, { block: b.handle, template: b.template, target: b.target });
  return {
    available: true,
    themeName: found.themeName,
    appEmbed: { enabled: found.embeds[APP_EMBED] === 'on', link: platform.themeEditorLink(shopDomain, { embed: APP_EMBED }) },
    reviewBox: { placed: placed(THEME_BLOCKS.reviewBox.handle), link: blockLink(THEME_BLOCKS.reviewBox) },
    starRating: { placed: placed(THEME_BLOCKS.starRating.handle), link: blockLink(THEME_BLOCKS.starRating) },
  };
}

export default defineApiPlugin({
  id: 'onboarding',
  routes: (services) => {
    const profile = services.settings.namespace('onboarding', profileSchema, PROFILE_DEFAULTS);
    const router = new Router<AppState>({ prefix: '/onboarding' });

    router.get('/profile', async (ctx) => {
      ctx.body = { success: true, data: await profile.get(ctx.state.auth.shopId) };
    });
    router.put('/profile', async (ctx) => {
      const data = await profile.update(ctx.state.auth.shopId, profileUpdate.parse(ctx.request.body ?? {}));
      ctx.body = { success: true, message: 'Saved successfully', data };
    });
    router.get('/theme', async (ctx) => {
      ctx.body = { success: true, data: await themeStatus(services, ctx.state.auth.shopDomain) };
    });
    // The discount step: the reward as it stands, and switching it on with the merchant's choice.
    const rewards = () => {
      const setup = services.capabilities.get(RewardSetup);
      if (!setup) throw createHttpError(404, 'Rewards are not installed');
      return setup;
    };
    router.get('/reward', async (ctx) => {
      ctx.body = { success: true, data: await rewards().view(ctx.state.auth.shopId) };
    });
    router.put('/reward', async (ctx) => {
      const data = await rewards().turnOn(ctx.state.auth.shopId, ctx.request.body as RewardSetupChoice);
      ctx.body = { success: true, message: 'Saved successfully', data };
    });
    return router;
  },
});
