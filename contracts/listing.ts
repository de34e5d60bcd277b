import { z } from 'zod';
import { MAX_PRICE_CENTS, PRICE_LIMIT_MESSAGE } from '#domain/money/limits';

/**
 * What a coach's two kinds of listing, services and programs, share: how they read (ids and text), the
 * limits, messages and rules of their title, subtitle and description, and the limit of their price.
 */
export const LISTING_LIMITS = {
  titleMax: 120,
  subtitleMax: 160,
  descriptionMax: 4000,
  /** Cents: 0 to 10,000.00 (domain/money/limits.ts). */
  priceMax: MAX_PRICE_CENTS,
} as const;

/** A listing's messages (text, price, category); `noun` names it ("Give the service a title."). */
export function listingMessages<const Noun extends string>(noun: Noun) {
  return {
    titleRequired: `Give the ${noun} a title.`,
    titleTooLong: `Keep the title to ${LISTING_LIMITS.titleMax} characters or fewer.`,
    subtitleTooLong: `Keep the subtitle to ${LISTING_LIMITS.subtitleMax} characters or fewer.`,
    descriptionTooLong: `Keep the description to ${LISTING_LIMITS.descriptionMax} characters or fewer.`,
    price: PRICE_LIMIT_MESSAGE,
    category: 'Choose one of the listed categories.',
  } as const;
}

type ListingMessages = ReturnType<typeof listingMessages>;

/** Title (required), subtitle and description (null clears them), each trimmed. */
export function listingTextFields(messages: ListingMessages) {
  return {
    title: z
      .string()
      .trim()
      .min(1, messages.titleRequired)
      .max(LISTING_LIMITS.titleMax, messages.titleTooLong),
    subtitle: z.string().trim().max(LISTING_LIMITS.subtitleMax, messages.subtitleTooLong).nullable(),
    description: z.string().trim().max(LISTING_LIMITS.descriptionMax, messages.descriptionTooLong).nullable(),
  };
}

/** The first fields of a listing as the API answers it: its id, its coach's user id and its text. */
export const listingResponseFields = {
  id: z.uuid(),
  coach_id: z.uuid(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
};
