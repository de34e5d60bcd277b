import type { CoachingCategory } from '#domain/coaching/categories';
import type { PortraitLook } from './demo-photos';

/**
 * The shapes of the demo coaches, their services and programs (server/seed/demo-coaches.ts and
 * demo-programs.ts), and the small builders those data files are written with. Prices are integer
 * cents (on-demand rates per 15 minutes; service and program prices per session).
 */
export type DemoService = {
  title: string;
  subtitle: string;
  description: string;
  format: 'text' | 'audio' | 'video';
  price: number;
  duration: number;
  type: 'full' | 'micro';
  isPopular?: boolean;
  spotsLeft?: number;
};

export type DemoProgram = {
  title: string;
  subtitle: string;
  description: string;
  lessons: { title: string; body: string; videoUrl?: string; durationMinutes: number }[];
};

export type DemoCoach = {
  /** The sign-in address; demo coaches other than the demo coach account have no password. */
  email: string;
  fullName: string;
  username: string;
  title: string;
  tagline: string;
  shortBio: string;
  aboutMe: string;
  workExperience: string;
  yearsExperience: number;
  categories: CoachingCategory[];
  prices: { text: number | null; audio: number | null; video: number | null };
  online: boolean;
  availabilityMessage?: string;
  look: PortraitLook;
  cover: [string, string];
  services: DemoService[];
  program?: DemoProgram;
};

/** A service's terms: its format, price (integer cents), length in minutes and type. */
export const terms = (
  format: DemoService['format'],
  price: number,
  duration: number,
  type: DemoService['type'],
): Pick<DemoService, 'format' | 'price' | 'duration' | 'type'> => ({ format, price, duration, type });

/** A portrait: the hair style, the skin, hair and shirt colours, and the background's two colours. */
export const portrait = (
  hairStyle: PortraitLook['hairStyle'],
  colours: Pick<PortraitLook, 'skin' | 'hair' | 'shirt'>,
  background: PortraitLook['background'],
): PortraitLook => ({ ...colours, hairStyle, background });
