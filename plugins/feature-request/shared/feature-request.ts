import { z } from 'zod';

export const TITLE_MAX = 120;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;

export const featureRequestInput = z
  .object({
    title: z.string().trim().min(1, 'This field is required').max(TITLE_MAX),
    description: z.string().trim().min(DESCRIPTION_MIN, `Fill at least ${DESCRIPTION_MIN} characters`).max(DESCRIPTION_MAX),
  })
  .strict();
