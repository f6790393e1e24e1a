import { describe, expect, it } from 'vitest';
import { privacyDeadline } from './privacy';

describe('privacyDeadline', () => {
  it('gives GDPR requests one calendar month, ending on the month’s last day when it is shorter', () => {
    expect(privacyDeadline('gdpr', new Date('2026-01-31T10:00:00Z')).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(privacyDeadline('gdpr', new Date('2026-11-27T09:30:00Z')).toISOString()).toBe(
      '2026-12-27T09:30:00.000Z',
    );
  });

  it('gives CCPA requests 45 days', () => {
    expect(privacyDeadline('ccpa', new Date('2026-11-27T09:30:00Z')).toISOString()).toBe(
      '2027-01-11T09:30:00.000Z',
    );
  });
});
