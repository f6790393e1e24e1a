import { describe, expect, it } from 'vitest';
import { afterAcceptPath, invitedTo, parseEmailList } from './invitation-labels';

describe('invitation words and paths', () => {
  it('reads a pasted list of addresses once each, whatever separates them', () => {
    expect(
      parseEmailList('Ana@Example.com, ben@example.com;\nana@example.com  cy@example.com'),
    ).toEqual(['ana@example.com', 'ben@example.com', 'cy@example.com']);
    expect(parseEmailList('  \n ')).toEqual([]);
  });

  it('leads each kind of invitation to its page', () => {
    const base = { businessSlug: 'oak-hill', clubSlug: null, eventKey: null };
    expect(afterAcceptPath({ ...base, kind: 'follow' })).toBe('/business/oak-hill');
    expect(afterAcceptPath({ ...base, kind: 'club', clubSlug: 'reserve' })).toBe(
      '/business/oak-hill/clubs/reserve',
    );
    expect(afterAcceptPath({ ...base, kind: 'event', eventKey: 'harvest-2027' })).toBe(
      '/events/harvest-2027',
    );
    expect(afterAcceptPath({ ...base, kind: 'trade' })).toBe('/wholesale/apply');
  });

  it('says what the invitation is for', () => {
    expect(invitedTo('club', 'Oak Hill', 'Reserve Club')).toBe('join Reserve Club at Oak Hill');
    expect(invitedTo('trade', 'Oak Hill', null)).toMatch(/trade account/);
  });
});
