import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client';
import {
  existingRequestIdOf,
  fieldErrorsOf,
  INITIAL_REQUEST_FORM,
  shortfallOf,
  validateRequestForm,
} from './request-form';

const COACH = '11111111-1111-4111-8111-111111111111';
const NOW = new Date('2026-11-21T09:00:00Z');

describe('request form rules', () => {
  it('builds the instant body: trimmed purpose, no empty optional fields', () => {
    const { body, errors } = validateRequestForm(
      { ...INITIAL_REQUEST_FORM, purpose: '  Sleep  ', description: '   ', couponInput: 'X', coupon: null },
      { coachId: COACH, mode: 'now', now: NOW },
    );
    expect(errors).toEqual({});
    expect(body).toEqual({ coach_id: COACH, format: 'text', duration_minutes: 30, purpose: 'Sleep' });
  });

  it('books a time only in the future, both date and time in UTC', () => {
    const base = { ...INITIAL_REQUEST_FORM, purpose: 'Sleep', coupon: 'SAVE10' };
    expect(
      validateRequestForm(
        { ...base, date: '2026-11-21', time: '08:59' },
        { coachId: COACH, mode: 'time', now: NOW },
      ).errors,
    ).toEqual({
      time: 'Choose a time in the future.',
    });
    expect(
      validateRequestForm(
        { ...base, date: '2026-11-21', time: '09:30' },
        { coachId: COACH, mode: 'time', now: NOW },
      ).body,
    ).toMatchObject({ preferred_date: '2026-11-21', preferred_time: '09:30', coupon_code: 'SAVE10' });
  });

  it("reads the server's refusals: field details, the pending request's id, the shortfall", () => {
    const validation = new ApiError('VALIDATION_ERROR', 'Invalid', 400, [
      { path: 'body.purpose', message: 'Session purpose is required' },
      { path: 'preferred_time', message: 'Choose a time in the future.' },
    ]);
    expect(fieldErrorsOf(validation)).toEqual({
      purpose: 'Session purpose is required',
      time: 'Choose a time in the future.',
    });
    const id = '88888888-8888-4888-8888-888888888888';
    expect(
      existingRequestIdOf(new ApiError('CONFLICT', 'Pending', 409, [{ path: 'request_id', message: id }])),
    ).toBe(id);
    expect(
      existingRequestIdOf(new ApiError('CONFLICT', 'Pending', 409, [{ path: 'id', message: `Open ${id}` }])),
    ).toBe(id);
    expect(existingRequestIdOf(new ApiError('CONFLICT', 'Coach offline', 409))).toBeNull();
    expect(shortfallOf(8000, 3000)).toBe(5000);
    expect(shortfallOf(8000, 9000)).toBeUndefined();
    expect(shortfallOf(undefined, 9000)).toBeUndefined();
  });
});
