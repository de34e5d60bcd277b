import {
  APPLICATION_MESSAGES,
  applicationBodySchema,
  type Application,
  type ApplicationBodyInput,
} from '#contracts/applications';
import type { ErrorDetail } from '#domain/errors/app-error';
import { centsToInput, inputToCents } from '#web/lib/money';

/** What the form holds: texts as typed (rates in dollars), categories as slugs. */
export type ApplicationFormValues = {
  experience: string;
  years: string;
  categories: string[];
  credentials: string;
  bio: string;
  textRate: string;
  audioRate: string;
  videoRate: string;
};
export type ApplicationField = keyof ApplicationFormValues;
export type ApplicationFormErrors = Partial<Record<ApplicationField, string>>;

export const EMPTY_APPLICATION_FORM: ApplicationFormValues = {
  experience: '',
  years: '',
  categories: [],
  credentials: '',
  bio: '',
  textRate: '',
  audioRate: '',
  videoRate: '',
};

/** The API's field names, and the form field each one is shown next to. */
const FIELD_BY_API_KEY: Record<string, ApplicationField> = {
  experience: 'experience',
  years_experience: 'years',
  categories: 'categories',
  credentials: 'credentials',
  bio: 'bio',
  intended_text_price: 'textRate',
  intended_audio_price: 'audioRate',
  intended_video_price: 'videoRate',
};

/** A previous application as the starting point of a new one (after a rejection). */
export function valuesFromApplication(application: Application): ApplicationFormValues {
  return {
    experience: application.experience,
    years: application.years_experience === null ? '' : String(application.years_experience),
    categories: [...application.categories],
    credentials: application.credentials,
    bio: application.bio,
    textRate: centsToInput(application.intended_text_price),
    audioRate: centsToInput(application.intended_audio_price),
    videoRate: centsToInput(application.intended_video_price),
  };
}

export const sameValues = (a: ApplicationFormValues, b: ApplicationFormValues) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Checks the form with the API's own schema (contracts/applications.ts), so the browser and the
 * server say the same thing; dollars become integer cents here.
 */
export function validateApplicationForm(
  values: ApplicationFormValues,
): { ok: true; body: ApplicationBodyInput } | { ok: false; errors: ApplicationFormErrors } {
  const errors: ApplicationFormErrors = {};
  const years = values.years.trim();
  let yearsExperience: number | null = null;
  if (years !== '') {
    if (/^\d+$/.test(years)) yearsExperience = Number(years);
    else errors.years = APPLICATION_MESSAGES.yearsInvalid;
  }
  const rate = (field: 'textRate' | 'audioRate' | 'videoRate') => {
    const cents = inputToCents(values[field]);
    if (cents === undefined) {
      errors[field] = APPLICATION_MESSAGES.rateInvalid;
      return null;
    }
    return cents;
  };
  const body: ApplicationBodyInput = {
    experience: values.experience,
    years_experience: yearsExperience,
    categories: values.categories as ApplicationBodyInput['categories'],
    credentials: values.credentials,
    bio: values.bio,
    intended_text_price: rate('textRate'),
    intended_audio_price: rate('audioRate'),
    intended_video_price: rate('videoRate'),
  };
  const parsed = applicationBodySchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = FIELD_BY_API_KEY[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

/** The server's VALIDATION_ERROR details ('body.bio') as errors next to the form's fields. */
export function fieldErrorsFromApi(details: readonly ErrorDetail[]): ApplicationFormErrors {
  const errors: ApplicationFormErrors = {};
  for (const detail of details) {
    const key = detail.path.replace(/^body\./, '').split('.')[0] ?? '';
    const field = FIELD_BY_API_KEY[key];
    if (field && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}
