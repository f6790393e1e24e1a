import { US_STATE_CODES, US_STATES } from '@bevy/core';

/** US states for a Select or MultiSelect: the postal code as value, "Oregon (OR)" shown. */
export const US_STATE_OPTIONS = US_STATE_CODES.map((code) => ({
  value: code,
  label: `${US_STATES[code]} (${code})`,
}));
