import { z } from 'zod';
import { BANNER_TYPES } from './banner';

/** A link is a path on this site or an http(s) address. */
const linkUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => /^\/(?![/\\])[^\\]*$/.test(value) || /^https?:\/\/[^\s]+$/i.test(value),
    'Use a path on this site (like /sell) or an address starting with https://.',
  );

export const bannerInputSchema = z.object({
  type: z.enum(BANNER_TYPES),
  lines: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A line cannot be empty.')
        .max(300, 'Keep a line under 300 characters.'),
    )
    .min(1, 'Write at least one line.')
    .max(5, 'Use at most five lines.'),
  link: z
    .object({
      url: linkUrl,
      title: z.string().trim().min(1, 'Give the link a title.').max(80),
    })
    .nullable(),
  dismissible: z.boolean(),
  active: z.boolean(),
});
export type BannerInput = z.infer<typeof bannerInputSchema>;
