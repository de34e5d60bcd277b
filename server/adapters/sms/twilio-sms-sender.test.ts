import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTwilioSmsSender } from './twilio-sms-sender';

type Captured = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Answer = { status: number; body: unknown };

/** A local stand-in for the Twilio API: records each request and answers with `answer`. */
async function startFakeTwilio(answer: Answer) {
  const requests: Captured[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';

describe('Twilio SMS sender', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  const sender = (apiBaseUrl: string) =>
    createTwilioSmsSender({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      fromNumber: '+15005550006',
      apiBaseUrl,
    });

  it('POSTs To, From and Body as a form to the Messages resource with basic auth', async () => {
    const twilio = await startFakeTwilio({ status: 201, body: { sid: 'SM1', status: 'queued' } });
    closers.push(twilio.close);

    await sender(`${twilio.baseUrl}/`).send({
      to: '+14155550123',
      body: 'Your Wellspring code is 774201 & more',
    });

    expect(twilio.requests).toHaveLength(1);
    const [request] = twilio.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(request?.body);
    expect(Object.fromEntries(form)).toEqual({
      To: '+14155550123',
      From: '+15005550006',
      Body: 'Your Wellspring code is 774201 & more',
    });
  });

  it("rejects a non-2xx answer with the status and Twilio's error code, never the auth token", async () => {
    const twilio = await startFakeTwilio({
      status: 400,
      body: {
        code: 21211,
        // A hostile or buggy upstream echoing the credentials must not get them into last_error.
        message: `The 'To' number is not a valid phone number (token ${AUTH_TOKEN})`,
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    });
    closers.push(twilio.close);

    const error = await sender(twilio.baseUrl)
      .send({ to: '+1999', body: 'Your Wellspring code is 774201' })
      .then(
        () => undefined,
        (rejection: unknown) => rejection as Error,
      );

    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toContain('HTTP 400');
    expect(error?.message).toContain('21211');
    expect(error?.message).not.toContain(AUTH_TOKEN);
    expect(error?.message).not.toContain(Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64'));
    expect(error?.message).not.toContain('774201');
  });

  it('rejects an authentication failure (401) without a JSON body', async () => {
    const twilio = await startFakeTwilio({ status: 401, body: null });
    closers.push(twilio.close);
    await expect(sender(twilio.baseUrl).send({ to: '+14155550123', body: 'x' })).rejects.toThrow(
      'Twilio answered HTTP 401 (error code none)',
    );
  });

  it('rejects when the API cannot be reached, naming the socket error', async () => {
    const twilio = await startFakeTwilio({ status: 201, body: {} });
    await twilio.close();
    const error = await sender(twilio.baseUrl)
      .send({ to: '+14155550123', body: 'x' })
      .then(
        () => undefined,
        (rejection: unknown) => rejection as Error,
      );
    expect(error?.message).toBe('Twilio request failed: ECONNREFUSED');
  });
});
