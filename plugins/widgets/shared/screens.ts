// Routes of the admin display screens (spec section 2) and the widget each one edits. Kept apart
// from display-settings.ts so the admin manifest can list its routes from it without bundling zod.
import type { WidgetKey } from './display-settings';

export const SCREENS: Record<string, WidgetKey> = {
  box: 'reviewBox',
  'star-rating': 'starRating',
  carousel: 'carousel',
  sidebar: 'sidebar',
  popup: 'popup',
  'customer-portal-reviews': 'customerPortal',
  'submit-form': 'submitForm',
  'all-reviews': 'allReviews',
  testimonial: 'testimonial',
  'upsell-aov': 'upsell',
};
