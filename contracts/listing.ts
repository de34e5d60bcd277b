import { z } from 'zod';

/**
 * What a coach's two kinds of listing, services and programs, share: how they read (ids and text) and
 * the limits, messages and rules of their title, subtitle and description.
 */
export const LISTING_TEXT_LIMITS = {
  titleMax: 120,
  subtitleMax: 160,
  descriptionMax: 4000,
} as const;

/** The messages of a listing's text; `noun` names the listing ("Give the service a title."). */
export function listingTextMessages<const Noun extends string>(noun: Noun) {
  return {
    titleRequired: `Give the ${noun} a title.`,
    titleTooLong: `Keep the title to ${LISTING_TEXT_LIMITS.titleMax} characters or fewer.`,
    subtitleTooLong: `Keep the subtitle to ${LISTING_TEXT_LIMITS.subtitleMax} characters or fewer.`,
    descriptionTooLong: `Keep the description to ${LISTING_TEXT_LIMITS.descriptionMax} characters or fewer.`,
  } as const;
}

type ListingTextMessages = ReturnType<typeof listingTextMessages>;

/** Title (required), subtitle and description (null clears them), each trimmed. */
export function listingTextFields(messages: ListingTextMessages) {
  return {
    title: z
      .string()
      .trim()
      .min(1, messages.titleRequired)
      .max(LISTING_TEXT_LIMITS.titleMax, messages.titleTooLong),
    subtitle: z.string().trim().max(LISTING_TEXT_LIMITS.subtitleMax, messages.subtitleTooLong).nullable(),
    description: z
      .string()
      .trim()
      .max(LISTING_TEXT_LIMITS.descriptionMax, messages.descriptionTooLong)
      .nullable(),
  };
}

/** The first fields of a listing as the API answers it: its id, its coach's user id and its text. */
export const listingSchemaFields = {
  id: z.uuid(),
  coach_id: z.uuid(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
};
