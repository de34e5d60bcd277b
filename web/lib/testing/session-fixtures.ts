import type { ChatSession, SessionRequest } from '../../../contracts/sessions';
import { USER_ID } from './stub-api';

/**
 * Web tests only: contract-shaped session requests and chat sessions (the signed-in test person is the
 * client; the coach is Lena). Tests override what they are about.
 */
export const COACH_ID = '11111111-1111-4111-8111-111111111111';
export const REQUEST_ID = '66666666-6666-4666-8666-666666666666';
export const SESSION_ID = '77777777-7777-4777-8777-777777777777';

export function sessionRequest(overrides: Partial<SessionRequest> = {}): SessionRequest {
  const now = Date.now();
  return {
    id: REQUEST_ID,
    coach_id: COACH_ID,
    client_id: USER_ID,
    coach_name: 'Lena Ortiz',
    coach_username: 'lena-ortiz',
    client_name: 'Maya Thompson',
    client_email: 'maya@example.test',
    client_avatar_url: null,
    format: 'video',
    duration_minutes: 30,
    purpose: 'Sleeping badly since the new job',
    description: null,
    session_purpose: null,
    session_category: 'sleep',
    preferred_date: null,
    preferred_time: null,
    scheduled: false,
    price: 8000,
    original_price: 8000,
    discount_amount: null,
    coupon_code: null,
    coupon_discount_type: null,
    status: 'pending',
    session_id: null,
    accepted_at: null,
    expires_at: new Date(now + 180_000).toISOString(),
    responded_at: null,
    coach_message: null,
    created_at: new Date(now).toISOString(),
    ...overrides,
  };
}

export function chatSession(overrides: Partial<ChatSession> = {}): ChatSession {
  const now = new Date().toISOString();
  return {
    id: SESSION_ID,
    coach_id: COACH_ID,
    client_id: USER_ID,
    request_id: REQUEST_ID,
    coach_name: 'Lena Ortiz',
    coach_username: 'lena-ortiz',
    coach_avatar_url: null,
    client_name: 'Maya Thompson',
    client_email: 'maya@example.test',
    format: 'video',
    status: 'active',
    created_at: now,
    start_time: now,
    ends_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    end_time: null,
    duration_minutes: 30,
    payment_amount: 8000,
    session_value: 8000,
    earnings: null,
    completed_by: null,
    timer_started: false,
    timer_started_at: null,
    coach_present: true,
    client_present: false,
    client_purpose: 'Sleeping badly since the new job',
    session_description: null,
    original_price: 8000,
    discount_amount: null,
    coupon_code: null,
    coupon_discount_type: null,
    ...overrides,
  };
}
