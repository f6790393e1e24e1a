import { US_STATES, US_ZIP_PATTERN } from '@bevy/core';

/** Where a ZIP code is, as the server's ZIP lookup answers. */
export interface ZipPlace {
  zip: string;
  state: string;
}

const stateName = (code: string) => US_STATES[code as keyof typeof US_STATES] ?? code;

/** The place of the ZIP code typed, or null while it is unknown (or belongs to another ZIP). */
export function placeOfTypedZip(typedZip: string, place: ZipPlace | null): ZipPlace | null {
  const zip = typedZip.trim();
  if (!place || !US_ZIP_PATTERN.test(zip)) return null;
  return place.zip === zip.slice(0, 5) ? place : null;
}

/**
 * The state to fill in from the ZIP code: only into an empty field, and only a state the field
 * offers (a producer ships to some states only), so that nothing the buyer chose is replaced.
 */
export function stateFromZip(
  currentState: string,
  place: ZipPlace | null,
  offered?: readonly string[],
): string | null {
  if (currentState !== '' || !place) return null;
  return !offered || offered.includes(place.state) ? place.state : null;
}

/**
 * What the ZIP field says when the ZIP code is in another state than the one chosen: the server's
 * own words for the same refusal, shown as soon as both are known rather than after 'Pay'.
 */
export function zipStateMismatch(
  zip: string,
  state: string,
  place: ZipPlace | null,
): string | null {
  if (!place || state === '' || place.state === state) return null;
  return `The ZIP code ${zip.trim()} is in ${stateName(place.state)}, not ${stateName(state)}.`;
}
