/** Honorifics and titles that are not a first name ("Dr. Lena Ortiz" is greeted as "Lena"). */
const TITLE = /^(dr|mr|mrs|ms|miss|mx|prof|professor|sir|dame|rev|fr)\.?$/i;

/**
 * The name to greet someone by: the first word of their full name that is not a title, without
 * trailing punctuation ("Dr. Lena Ortiz" -> "Lena", "Sam," -> "Sam"); null when there is none.
 */
export function firstNameOf(fullName: string | null | undefined): string | null {
  const words = (fullName ?? '')
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.,;:!?]+$/, ''))
    .filter(Boolean);
  // A lone title ("Dr.") is not a name; with only a title and a surname ("Dr. Ortiz"), keep both.
  const rest = words.filter((word) => !TITLE.test(word));
  if (rest.length === 0) return null;
  if (rest.length === 1 && words.length > 1 && TITLE.test(words[0]!)) return `${words[0]}. ${rest[0]}`;
  return rest[0]!;
}
