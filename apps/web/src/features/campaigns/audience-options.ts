import type { ResultOf } from '../../lib/graphql';
import type { CAMPAIGN_AUDIENCES } from './api/campaigns';
import { EVERYONE } from './campaign-form-values';
import { countOf } from './campaign-labels';

export type CampaignAudiences = ResultOf<typeof CAMPAIGN_AUDIENCES>;

const EVERYONE_NAME = 'Everyone who agreed to email';

/** The audience select's choices: everyone who agreed to email, then each segment's reach. */
export function audienceOptions(
  audiences: CampaignAudiences | null | undefined,
): { value: string; label: string }[] {
  const everyone = audiences
    ? `${EVERYONE_NAME} (${countOf(audiences.subscribed.total, 'person', 'people')})`
    : EVERYONE_NAME;
  return [
    { value: EVERYONE, label: everyone },
    ...(audiences?.segments ?? []).map((segment) => ({
      value: String(segment.id),
      label: `${segment.name} (${segment.subscribedCount.toLocaleString('en-US')} agreed to email)`,
    })),
  ];
}

export interface Audience {
  /** "Everyone who agreed to email", or the segment's name. */
  name: string;
  /** How many of them agreed to the business's email, when known. */
  reach: number | null;
}

/** Whom the chosen audience is, for the words that confirm sending. */
export function chosenAudience(
  value: string,
  audiences: CampaignAudiences | null | undefined,
): Audience {
  if (value === EVERYONE) {
    return { name: EVERYONE_NAME, reach: audiences ? audiences.subscribed.total : null };
  }
  const segment = audiences?.segments.find((candidate) => String(candidate.id) === value);
  return segment
    ? { name: `the segment “${segment.name}”`, reach: segment.subscribedCount }
    : { name: 'the chosen segment', reach: null };
}

/** "Everyone who agreed to email: 1,204 people", or without the count while it is unknown. */
export function audienceLine({ name, reach }: Audience): string {
  const who = name.charAt(0).toUpperCase() + name.slice(1);
  return reach === null ? who : `${who}: ${countOf(reach, 'person', 'people')}`;
}
