/** "when to retry" for a 429 answer, from its Retry-After seconds. */
export function describeRetryAfter(seconds: number | undefined): string | null {
  if (seconds === undefined) return null;
  if (seconds <= 1) return 'You can try again now.';
  if (seconds < 60) return `You can try again in ${seconds} seconds.`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `You can try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;
  const hours = Math.ceil(minutes / 60);
  return `You can try again in ${hours === 1 ? '1 hour' : `${hours} hours`}.`;
}
