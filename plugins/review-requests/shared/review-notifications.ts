// What the email settings screen relies on in the reviews plugin (capability 'reviews.notifications',
// optional): the shop's new-review notifications, shown next to the sender settings and saved by the
// reviews plugin. Without it the screen shows no notification fields. See README.md.
export interface NotificationFields {
  enabledEmailNewReview: boolean;
  enabledEmailNegativeReview: boolean;
  receiverNewReview: string | null;
  receiverNegativeReview: string | null;
  negativeThreshold: number;
}

export interface ReviewNotifications {
  get(shopId: number): Promise<NotificationFields>;
  update(shopId: number, patch: Partial<NotificationFields>): Promise<NotificationFields>;
}

export const REVIEW_NOTIFICATIONS = 'reviews.notifications';
