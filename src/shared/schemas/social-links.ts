import { z } from './zod';
import { LIMITS, SOCIAL_ICON_KEYS } from '../constants';
import { httpUrl, requiredText } from './common';

/** The social link dialog (SPEC §5 "Social link"). */
export const SocialLinkInputSchema = z.object({
  name: requiredText(100, 'Name is required', 'Name must be at most 100 characters'),
  url: httpUrl(),
  icon: z.enum(SOCIAL_ICON_KEYS, { message: 'Icon is required' }),
  isVisible: z.boolean().default(true),
  // A number, or a form field's numeric text; booleans, blanks and null are not orders.
  order: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, 'Order must be a whole number'),
      ],
      {
        error: 'Order must be a whole number',
      },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .int('Order must be a whole number')
        .min(0, 'Order must be 0 or more')
        .max(LIMITS.messageMax, 'Order must be at most 5000'),
    )
    .default(0),
});
export type SocialLinkInput = z.input<typeof SocialLinkInputSchema>;

export const SocialLinkSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  icon: z.string(),
  isVisible: z.boolean(),
  order: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SocialLink = z.infer<typeof SocialLinkSchema>;
