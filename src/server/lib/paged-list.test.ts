import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listPageSizeMax } from '../../shared/constants';
import { pagedListQuery, statusFilter } from './paged-list';
import { spokenStatus } from './status-words';

const cardListQuery = pagedListQuery(statusFilter(['pending', 'active', 'declined', 'cancelled']));

const issuesOf = (result: { success: boolean; error?: z.ZodError }) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the status words', () => {
  it('calls a live record success and leaves every other status as it is', () => {
    expect(['pending', 'active', 'declined', 'cancelled', 'repaid', 'success'].map(spokenStatus)).toEqual(['pending', 'success', 'declined', 'cancelled', 'repaid', 'success']);
  });
});

describe('a staff list query', () => {
  it('takes the status in the spec’s words and hands over the stored one', () => {
    expect(cardListQuery.parse({ status: 'success' })).toEqual({ status: 'active', limit: listPageSizeMax, offset: 0 });
    expect(cardListQuery.parse({ status: 'declined', limit: '20', offset: '40' })).toEqual({ status: 'declined', limit: 20, offset: 40 });
    expect(cardListQuery.parse({})).toEqual({ status: undefined, limit: listPageSizeMax, offset: 0 });
    expect(pagedListQuery(statusFilter(['pending', 'success'])).parse({ status: 'success' }).status).toBe('success');
  });

  it('refuses a stored word, an unknown status and a page out of bounds, naming the field', () => {
    expect(issuesOf(cardListQuery.safeParse({ status: 'active' }))).toEqual([['status', 'status must be pending, success, declined or cancelled']]);
    expect(issuesOf(pagedListQuery(statusFilter(['pending', 'active'])).safeParse({ status: 'maybe' }))).toEqual([['status', 'status must be pending or success']]);
    expect(issuesOf(cardListQuery.safeParse({ limit: '0' }))).toEqual([['limit', 'limit must be at least 1']]);
    expect(issuesOf(cardListQuery.safeParse({ limit: String(listPageSizeMax + 1) }))).toEqual([['limit', `limit must be at most ${listPageSizeMax}`]]);
    expect(issuesOf(cardListQuery.safeParse({ limit: '2.5' }))).toEqual([['limit', 'limit must be a whole number']]);
    expect(issuesOf(cardListQuery.safeParse({ offset: '-1' }))).toEqual([['offset', 'offset must be at least 0']]);
  });
});
