// The email-marketing sender app (spec sections 3, 4: the review-reminder template's `senderApp`, a
// queue row "sent by the email-marketing sender app", treated as sent): the role SenderApp
// (@plaudit/contracts/email-marketing), filled by plugins/integration-klaviyo.

/** Refused when the chosen app is missing or not connected (spec section 4's connection failure). */
export const SENDER_NOT_CONNECTED = 'Fail to connect to the email-marketing app';
