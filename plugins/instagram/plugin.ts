// Instagram feed (issue 20): a shop connects its professional Instagram account (Instagram API with
// Instagram Login), its posts are synced into our own storage on a schedule, and the merchant hides
// posts and tags them with products at /display-settings/instagram-feed. README.md.
import { definePlugin } from '@plaudit/kernel';

export default definePlugin({ id: 'instagram' });
