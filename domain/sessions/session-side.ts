/** The two sides of a live session's room (presence is tracked per side). */
export const SESSION_SIDES = ['coach', 'client'] as const;
export type SessionSide = (typeof SESSION_SIDES)[number];
