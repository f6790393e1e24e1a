import { describe, expect, it } from 'vitest';
import { safeNextPath } from './account-helpers';

describe('safeNextPath', () => {
  it('returns to a page on this site', () => {
    expect(safeNextPath('/wholesale/apply')).toBe('/wholesale/apply');
    expect(safeNextPath('/business/orders?page=2')).toBe('/business/orders?page=2');
  });

  it('goes to the dashboard for anything that could leave the site, or nothing', () => {
    for (const next of [
      null,
      '',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'dashboard',
    ]) {
      expect(safeNextPath(next), String(next)).toBe('/dashboard');
    }
  });
});
