/**
 * Addresses more than one feature links to (features do not import each other): the screen that owns
 * the address reads it with the same helper.
 */

/** `/chat?with=<user id>`: opens (finding or starting) the caller's conversation with that person. */
export const chatWithPath = (userId: string) => `/chat?with=${encodeURIComponent(userId)}`;
