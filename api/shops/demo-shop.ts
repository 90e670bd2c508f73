/** The store emulator's seeded demo shop, installed by `npm start` on embedded defaults. */
export const DEMO_SHOP = 'plaudit-demo.myshopify.com';
/**
 * Its sister store in France (the emulator's seed): the same catalogue and SKUs, installed beside it by
 * `npm start`, so the demo shows reviews shared between a merchant's stores (plugins/store-links).
 */
export const DEMO_SISTER_SHOP = 'plaudit-demo-fr.myshopify.com';
/** The emulator's demo stores: their sample reviews are shared when they are linked. */
export const isDemoShop = (domain: string) => domain === DEMO_SHOP || domain === DEMO_SISTER_SHOP;
