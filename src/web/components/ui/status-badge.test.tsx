// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

afterEach(cleanup);

const badge = (label: string) => screen.getByText(label);

describe('the status badge', () => {
  it('colours the words records share by their meaning, on the customer’s pages and the staff’s alike', () => {
    render(
      <p>
        <StatusBadge status="pending" label="Pending" />
        <StatusBadge status="success" label="Active" />
        <StatusBadge status="approved" label="Approved" />
        <StatusBadge status="declined" label="Declined" />
        <StatusBadge status="defaulted" label="Defaulted" />
        <StatusBadge status="repaid" label="Repaid" />
        <StatusBadge status="cancelled" label="Cancelled" />
      </p>,
    );
    expect(badge('Pending').className).toContain('badge-warning');
    expect(badge('Active').className).toContain('badge-success');
    expect(badge('Approved').className).toContain('badge-success');
    expect(badge('Declined').className).toContain('badge-error');
    expect(badge('Defaulted').className).toContain('badge-error');
    expect(badge('Repaid').className).toContain('badge-info');
    // Finished or absent: the soft badge's own grey in the text colour, never daisyUI's neutral (dark on dark in dark mode).
    expect(badge('Cancelled').className).not.toMatch(/badge-(warning|success|error|info|neutral)/);
    expect(badge('Cancelled').dataset.tone).toBe('finished');
    for (const node of screen.getAllByText(/./)) expect(node.className).toContain('badge-soft');
  });

  it('colours a dated version by its date: waiting for it amber, in force green, past grey', () => {
    render(
      <p>
        <StatusBadge status="scheduled" label="Scheduled" />
        <StatusBadge status="upcoming" label="Upcoming" />
        <StatusBadge status="in-force" label="In force" />
        <StatusBadge status="showing" label="Showing" />
        <StatusBadge status="history" label="Earlier" />
        <StatusBadge status="invited" label="Invited" />
      </p>,
    );
    for (const waiting of ['Scheduled', 'Upcoming', 'Invited']) expect(badge(waiting).dataset.tone).toBe('waiting');
    for (const inForce of ['In force', 'Showing']) expect(badge(inForce).dataset.tone).toBe('in-force');
    expect(badge('Earlier').dataset.tone).toBe('finished');
  });

  it('takes a screen’s own words with their tone, keeps the word for tests, and stays on one line only when asked', () => {
    render(
      <p>
        <StatusBadge status="accepted" tone="waiting" label="Accepted for the next session" />
        <StatusBadge status="settled" tone="in-force" label="Arrived" nowrap />
      </p>,
    );
    const accepted = badge('Accepted for the next session');
    expect(accepted.className).toContain('badge-warning');
    expect(accepted.dataset.status).toBe('accepted');
    expect(accepted.className).not.toContain('whitespace-nowrap');
    expect(badge('Arrived').className).toContain('badge-success');
    expect(badge('Arrived').className).toContain('whitespace-nowrap');
  });
});
