// The upload ticket: signed by the page that offers the video field for one shop, it lets a browser
// create uploads there for a day. `lang` is the customer's language, for the refusals.
import { z } from 'zod';

export const TICKET = 'video-reviews.upload';
export const ticketSchema = z.object({ lang: z.string().max(16).optional() });
export type Ticket = z.infer<typeof ticketSchema>;
export const TICKET_SECONDS = 24 * 3600;
