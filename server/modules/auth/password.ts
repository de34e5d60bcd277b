import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2 in @node-rs/argon2's const enum) at the OWASP cheat sheet's m=19 MiB, t=2, p=1 row. */
const ARGON2ID = 2;
const OWASP_PARAMETERS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OWASP_PARAMETERS);

export const verifyPassword = (encoded: string, password: string) => verify(encoded, password);
