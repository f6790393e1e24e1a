import { describe, expect, it } from 'vitest';
import {
  audienceLine,
  audienceOptions,
  chosenAudience,
  type CampaignAudiences,
} from './audience-options';
import { EVERYONE } from './campaign-form-values';

const AUDIENCES: CampaignAudiences = {
  segments: [
    { id: 3, name: 'Big spenders', count: 40, subscribedCount: 25 },
    { id: 4, name: 'Oregon', count: 1, subscribedCount: 1 },
  ],
  subscribed: { total: 1204 },
};

describe('a campaign’s audience', () => {
  it('offers everyone who agreed to email, then each segment with its reach', () => {
    expect(audienceOptions(AUDIENCES)).toEqual([
      { value: EVERYONE, label: 'Everyone who agreed to email (1,204 people)' },
      { value: '3', label: 'Big spenders (25 agreed to email)' },
      { value: '4', label: 'Oregon (1 agreed to email)' },
    ]);
    expect(audienceOptions(null)).toEqual([
      { value: EVERYONE, label: 'Everyone who agreed to email' },
    ]);
  });

  it('names the chosen audience and its reach for the confirmation', () => {
    expect(audienceLine(chosenAudience(EVERYONE, AUDIENCES))).toBe(
      'Everyone who agreed to email: 1,204 people',
    );
    expect(audienceLine(chosenAudience('4', AUDIENCES))).toBe('The segment “Oregon”: 1 person');
    expect(chosenAudience('9', AUDIENCES)).toEqual({ name: 'the chosen segment', reach: null });
    expect(audienceLine(chosenAudience(EVERYONE, null))).toBe('Everyone who agreed to email');
  });
});
