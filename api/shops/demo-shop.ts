/** The store emulator's seeded demo shop, installed by `npm start` on embedded defaults. */
export const DEMO_SHOP = 'plaudit-demo.myshopify.com';
