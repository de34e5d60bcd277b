import type { SessionFormat } from '../../../../domain/coaching/categories';

export const FORMAT_LABELS: Record<SessionFormat, string> = {
  text: 'Text chat',
  audio: 'Audio call',
  video: 'Video call',
};
