import * as jose from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '#domain/clock';
import type { Database } from '#server/db/client';
import type { AuthRepository, SigningKeyRow } from '../auth.repository';
import { createTokenService, type AccessClaims } from './tokens';

// createLocalJWKSet imports the keys of the set it is given (once per set): counting its calls shows
// whether the verifier's key set is reused or rebuilt.
vi.mock('jose', async (importOriginal) => {
  const actual = await importOriginal<typeof jose>();
  return {
    ...actual,
    createLocalJWKSet: vi.fn(actual.createLocalJWKSet),
    jwtVerify: vi.fn(actual.jwtVerify),
  };
});

const ISSUER = 'http://wellspring.test/auth/v1';
const MINUTE = 60_000;

/** signing_keys in memory: findSigningKeys returns fresh row objects, as a real query does. */
function createKeyTable() {
  const rows: SigningKeyRow[] = [];
  const reads = { count: 0 };
  const repository = {
    async findSigningKeys() {
      reads.count += 1;
      return rows
        .map((row) => ({ ...row }))
        .sort((a, b) => a.activatesAt.getTime() - b.activatesAt.getTime());
    },
    async insertSigningKey(_executor: unknown, values: SigningKeyRow) {
      if (!rows.some((row) => row.kid === values.kid))
        rows.push({ ...values, retiresAt: values.retiresAt ?? null });
    },
  };
  return { rows, reads, repository: repository as unknown as AuthRepository };
}

/** Another instance's key: what a rotation adds to signing_keys. */
async function foreignKey(at: Date, kid: string) {
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256', { extractable: true });
  return {
    kid,
    privateJwk: { ...(await jose.exportJWK(privateKey)), kid, alg: 'ES256' },
    publicJwk: { ...(await jose.exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
    createdAt: at,
    activatesAt: at,
    retiresAt: null,
  } satisfies SigningKeyRow;
}

const claims = (sub: string): AccessClaims => ({
  sub,
  session_id: '7b0f5b43-3c5a-4a44-9b3e-2f4d2ab2f0a1',
  aal: 'aal1',
  role: 'authenticated',
  email: null,
  phone: null,
  amr: [{ method: 'password', timestamp: 0 }],
});

function setUp(options: { verifiedTokenCacheMax?: number } = {}) {
  const clock = createManualClock('2026-11-21T09:00:00Z');
  const table = createKeyTable();
  const tokens = createTokenService({
    db: {} as Database,
    repository: table.repository,
    clock,
    issuer: ISSUER,
    accessTokenTtlSeconds: 3600,
    ...options,
  });
  return { clock, table, tokens };
}

const jwkSetsBuilt = () => vi.mocked(jose.createLocalJWKSet).mock.calls.length;
/** Full signature checks so far (a remembered token is not checked again). */
const signatureChecks = () => vi.mocked(jose.jwtVerify).mock.calls.length;

describe('access token verification keys', () => {
  beforeEach(() => {
    vi.mocked(jose.createLocalJWKSet).mockClear();
  });

  it('verifies many tokens with one key set, imported once and not per request', async () => {
    const { tokens, table } = setUp();
    const { token } = await tokens.signAccessToken(claims('alice'));
    expect((await tokens.verifyAccessToken(token))?.sub).toBe('alice');
    const reads = table.reads.count;
    for (let index = 0; index < 50; index += 1)
      expect((await tokens.verifyAccessToken(token))?.sub).toBe('alice');
    expect(jwkSetsBuilt()).toBe(1);
    expect(table.reads.count).toBe(reads);
  });

  it("takes a key another instance added (rotation) at the first token signed with it, and keeps the old one's tokens valid", async () => {
    const { tokens, table, clock } = setUp();
    const old = await tokens.signAccessToken(claims('alice'));
    expect(await tokens.verifyAccessToken(old.token)).not.toBeNull();
    const built = jwkSetsBuilt();

    // Another instance rotates: a new key, active from now.
    clock.advance(MINUTE / 2);
    const rotated = await foreignKey(clock.now(), 'rotated-key');
    table.rows.push(rotated);
    const fresh = await new jose.SignJWT({ ...claims('bob') })
      .setProtectedHeader({ alg: 'ES256', kid: rotated.kid, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience('authenticated')
      .setSubject('bob')
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 3600)
      .sign(await jose.importJWK(rotated.privateJwk, 'ES256'));

    // Our key set was cached before the rotation; the unknown kid reloads it at once.
    expect((await tokens.verifyAccessToken(fresh))?.sub).toBe('bob');
    expect(jwkSetsBuilt()).toBe(built + 1);
    expect((await tokens.verifyAccessToken(old.token))?.sub).toBe('alice');
    expect((await tokens.verifyAccessToken(fresh))?.sub).toBe('bob');
    expect(jwkSetsBuilt()).toBe(built + 1);
    // New tokens are signed with the newest active key.
    const next = await tokens.signAccessToken(claims('carol'));
    expect(jose.decodeProtectedHeader(next.token).kid).toBe(rotated.kid);
  });

  it('stops accepting a retired key once its retirement time passes, although the key set is cached', async () => {
    const { tokens, table, clock } = setUp();
    const { token } = await tokens.signAccessToken(claims('alice'));
    expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    const [row] = table.rows;
    if (!row) throw new Error('no key was created');
    // The retirement is recorded; this instance sees it when it next reloads the keys.
    row.retiresAt = new Date(clock.now().getTime() + 2 * MINUTE);
    clock.advance(MINUTE + 1);
    expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    clock.advance(MINUTE);
    expect(await tokens.verifyAccessToken(token)).toBeNull();
  });

  it('refuses a token whose kid is in no key set, even after reloading', async () => {
    const { tokens, table } = setUp();
    const { token } = await tokens.signAccessToken(claims('alice'));
    expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    const stranger = await foreignKey(new Date(), 'unknown-key');
    const forged = await new jose.SignJWT({ ...claims('mallory') })
      .setProtectedHeader({ alg: 'ES256', kid: stranger.kid, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience('authenticated')
      .setSubject('mallory')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await jose.importJWK(stranger.privateJwk, 'ES256'));
    const reads = table.reads.count;
    expect(await tokens.verifyAccessToken(forged)).toBeNull();
    expect(table.reads.count).toBe(reads + 1);
  });
});

describe('verified tokens are remembered until they expire', () => {
  beforeEach(() => {
    vi.mocked(jose.jwtVerify).mockClear();
  });

  it("checks a token's signature once, then answers it from memory", async () => {
    const { tokens } = setUp();
    const { token } = await tokens.signAccessToken(claims('alice'));
    for (let index = 0; index < 20; index += 1)
      expect((await tokens.verifyAccessToken(token))?.sub).toBe('alice');
    expect(signatureChecks()).toBe(1);
  });

  it('refuses a remembered token once it expires', async () => {
    const { tokens, clock } = setUp();
    const { token } = await tokens.signAccessToken(claims('alice'));
    expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    clock.advance(3600 * 1000 - 1000);
    expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    clock.advance(1000);
    expect(await tokens.verifyAccessToken(token)).toBeNull();
  });

  it('never takes a tampered copy of a remembered token for it', async () => {
    const { tokens } = setUp();
    const { token } = await tokens.signAccessToken(claims('alice'));
    expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'mallory' }),
    ).toString('base64url');
    // A character in the middle (the last one carries padding bits a decoder may ignore).
    const middle = Math.floor(signature.length / 2);
    const flipped = `${signature.slice(0, middle)}${signature[middle] === 'A' ? 'B' : 'A'}${signature.slice(middle + 1)}`;
    expect(await tokens.verifyAccessToken(`${header}.${otherPayload}.${signature}`)).toBeNull();
    expect(await tokens.verifyAccessToken(`${header}.${payload}.${flipped}`)).toBeNull();
    expect((await tokens.verifyAccessToken(token))?.sub).toBe('alice');
  });

  it('remembers at most the configured number of tokens, forgetting the oldest first', async () => {
    const { tokens } = setUp({ verifiedTokenCacheMax: 3 });
    const signed = [];
    for (const name of ['a', 'b', 'c', 'd']) signed.push((await tokens.signAccessToken(claims(name))).token);
    for (const token of signed) expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    expect(signatureChecks()).toBe(4);
    // 'a' was forgotten when 'd' came; 'b'..'d' are still remembered.
    for (const token of signed.slice(1)) expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    expect(signatureChecks()).toBe(4);
    expect((await tokens.verifyAccessToken(signed[0]!))?.sub).toBe('a');
    expect(signatureChecks()).toBe(5);
  });
});
