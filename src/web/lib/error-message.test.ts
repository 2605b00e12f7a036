import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';
import { chooseLanguage, textsIn } from './i18n';

const t = textsIn('en');

describe('the message an error shows', () => {
  it('names a code with a name of its own in its own words', () => {
    expect(errorMessage(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'), t)).toBe('The email or password is not correct.');
    expect(errorMessage(new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many requests'), t)).toBe('Too many attempts. Please wait a few minutes and try again.');
    // The bank's own throttles say what they throttled in their words, translated.
    expect(errorMessage(new ApiError(429, 'too_many_requests', 'Too many attempts. Please wait a while and try again.'), t)).toBe('Too many attempts. Please wait a while and try again.');
  });

  it('says a request that never reached the bank is a network failure, a timeout too', () => {
    const network = 'We could not reach the bank. Check your connection and try again.';
    expect(errorMessage(new ApiError(0, 'network-request-failed', 'network'), t)).toBe(network);
    expect(errorMessage(new ApiError(0, 'timeout', 'timeout'), t)).toBe(network);
  });

  it('shows a refusal in the server’s words', () => {
    expect(errorMessage(new ApiError(409, 'already_decided', 'This account is already active'), t)).toBe('This account is already active');
    expect(errorMessage(new ApiError(403, 'staff_only', 'Staff only'), t)).toBe('Staff only');
  });

  it('never shows a server failure’s or a bug’s own words', () => {
    const general = 'Something went wrong. Please try again.';
    expect(errorMessage(new ApiError(500, 'internal', 'Internal Server Error'), t)).toBe(general);
    expect(errorMessage(new ApiError(503, 'busy', 'Busy'), t)).toBe(general);
    expect(errorMessage(new TypeError('undefined is not a function'), t)).toBe(general);
  });

  it('gives the customer the failed request’s id to quote to the bank, in their language', async () => {
    const id = '6f1d2c0a-93b4-4e57-8a1f-0c2b7d9e4a31';
    expect(errorMessage(new ApiError(500, 'internal_error', 'Something went wrong on our side.', {}, id), t)).toBe(
      `Something went wrong. Please try again. If it happens again, tell the bank this reference: ${id}`,
    );
    // A refusal explains itself: no reference to quote.
    expect(errorMessage(new ApiError(409, 'already_decided', 'This account is already active', {}, id), t)).toBe('This account is already active');
    await chooseLanguage('bn');
    try {
      const bn = textsIn('bn');
      expect(errorMessage(new ApiError(502, 'http_502', 'Request failed', {}, id), bn)).toBe(`${bn('authErrors.unknown')} ${bn('authErrors.quoteRequest', { id })}`);
      expect(bn('authErrors.quoteRequest', { id })).toContain(id);
      expect(bn('authErrors.quoteRequest', { id })).not.toContain('tell the bank');
    } finally {
      await chooseLanguage('en');
    }
  });

  describe('in Bangla', () => {
    afterAll(() => chooseLanguage('en'));

    it('translates the server’s words, else says what its code means, else shows them as they are', async () => {
      await chooseLanguage('bn');
      const bn = textsIn('bn');
      const translated = errorMessage(new ApiError(400, 'invalid_input', 'Send amount is required'), bn);
      expect(translated).toContain('পাঠানোর পরিমাণ');
      const byCode = errorMessage(new ApiError(404, 'not_found', 'No such request here'), bn);
      expect(byCode).toBe(bn('serverErrors.not_found'));
      expect(byCode).not.toBe('We could not find what you asked for.');
      expect(errorMessage(new ApiError(400, 'code_nobody_knows', 'Words nobody translated'), bn)).toBe('Words nobody translated');
      expect(errorMessage(new ApiError(500, 'internal', 'Internal Server Error'), bn)).toBe(bn('authErrors.unknown'));
      expect(bn('authErrors.unknown')).not.toBe('Something went wrong. Please try again.');
    });
  });
});
