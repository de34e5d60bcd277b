import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors/app-error';
import { createStripePaymentProvider } from './stripe-provider';

type Captured = { method: string; url: string; headers: http.IncomingHttpHeaders; form: URLSearchParams };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** A local stand-in for api.stripe.com: records each request and answers from `answers` in turn. */
async function startFakeStripe(...answers: Answer[]) {
  const requests: Captured[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      const answer = answers[Math.min(requests.length, answers.length) - 1]!;
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SECRET_KEY = 'sk_test_51WellspringFakeKey0123456789';
const PAYMENT_ID = '7b1f7a52-3c1e-4a1e-9d4b-0c1f6f5f2a10';

describe('Stripe payment provider (against a local stand-in for the Stripe API)', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  async function setUp(...answers: Answer[]) {
    const stripe = await startFakeStripe(...answers);
    closers.push(stripe.close);
    const provider = createStripePaymentProvider({
      secretKey: SECRET_KEY,
      api: { host: '127.0.0.1', port: stripe.port, protocol: 'http' },
      maxNetworkRetries: 1,
    });
    return { stripe, provider };
  }

  it('creates a PaymentIntent with amount, currency, our payment id and automatic payment methods', async () => {
    const { stripe, provider } = await setUp({
      status: 200,
      body: {
        id: 'pi_3Test123',
        object: 'payment_intent',
        amount: 2500,
        currency: 'usd',
        client_secret: 'pi_3Test123_secret_abc',
        status: 'requires_payment_method',
      },
    });

    const created = await provider.createPayment({
      paymentId: PAYMENT_ID,
      amount: 2500,
      currency: 'USD',
      customerEmail: 'client@example.com',
    });

    expect(provider.name).toBe('stripe');
    expect(created).toEqual({ providerPaymentId: 'pi_3Test123', clientSecret: 'pi_3Test123_secret_abc' });
    expect(stripe.requests).toHaveLength(1);
    const [request] = stripe.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/payment_intents');
    expect(request!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request!.headers['idempotency-key']).toBe(PAYMENT_ID);
    expect(request!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request!.form)).toEqual({
      amount: '2500',
      currency: 'usd',
      'metadata[payment_id]': PAYMENT_ID,
      'automatic_payment_methods[enabled]': 'true',
      receipt_email: 'client@example.com',
    });
  });

  it('sends no receipt email when the client has none', async () => {
    const { stripe, provider } = await setUp({
      status: 200,
      body: { id: 'pi_1', object: 'payment_intent', client_secret: 'pi_1_secret' },
    });
    await provider.createPayment({
      paymentId: PAYMENT_ID,
      amount: 500,
      currency: 'usd',
      customerEmail: null,
    });
    expect(stripe.requests[0]!.form.has('receipt_email')).toBe(false);
  });

  it('retries a failed create with the SAME idempotency key, so Stripe makes one intent', async () => {
    const { stripe, provider } = await setUp(
      {
        status: 500,
        headers: { 'stripe-should-retry': 'true' },
        body: { error: { type: 'api_error', message: 'Something went wrong' } },
      },
      { status: 200, body: { id: 'pi_retry', object: 'payment_intent', client_secret: 'pi_retry_secret' } },
    );
    const created = await provider.createPayment({
      paymentId: PAYMENT_ID,
      amount: 1000,
      currency: 'usd',
      customerEmail: null,
    });
    expect(created.providerPaymentId).toBe('pi_retry');
    expect(stripe.requests.map((request) => request.headers['idempotency-key'])).toEqual([
      PAYMENT_ID,
      PAYMENT_ID,
    ]);
  });

  it('creates a Refund for the PaymentIntent keyed by our refund id', async () => {
    const { stripe, provider } = await setUp({
      status: 200,
      body: { id: 're_1', object: 'refund', amount: 700, status: 'succeeded', payment_intent: 'pi_3Test123' },
    });
    await provider.refund({ providerPaymentId: 'pi_3Test123', amount: 700, refundId: 'refund-42' });

    const [request] = stripe.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/refunds');
    expect(request!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request!.headers['idempotency-key']).toBe('refund-42');
    expect(Object.fromEntries(request!.form)).toEqual({
      payment_intent: 'pi_3Test123',
      amount: '700',
      'metadata[refund_id]': 'refund-42',
    });
  });

  it('maps a refused amount to a VALIDATION_ERROR with Stripe’s explanation', async () => {
    const { provider } = await setUp({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'amount_too_small',
          param: 'amount',
          message: 'Amount must be at least $0.50 usd',
        },
      },
    });
    const error = await provider
      .createPayment({ paymentId: PAYMENT_ID, amount: 10, currency: 'usd', customerEmail: null })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect((error as AppError).message).toBe('Amount must be at least $0.50 usd');
  });

  it('maps a bad key to INTERNAL_ERROR (our configuration), never leaking Stripe’s message', async () => {
    const { provider } = await setUp({
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' } },
    });
    const error = await provider
      .refund({ providerPaymentId: 'pi_1', amount: 100, refundId: 'r1' })
      .catch((caught: unknown) => caught);
    expect((error as AppError).code).toBe('INTERNAL_ERROR');
    expect((error as AppError).message).not.toMatch(/API Key/);
  });

  it('maps an unreachable Stripe to SERVICE_UNAVAILABLE with an actionable message', async () => {
    const { stripe, provider } = await setUp({ status: 200, body: {} });
    await stripe.close();
    closers.length = 0;
    const error = await provider
      .createPayment({ paymentId: PAYMENT_ID, amount: 1000, currency: 'usd', customerEmail: null })
      .catch((caught: unknown) => caught);
    expect((error as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect((error as AppError).message).toMatch(/try again/);
  });
});
