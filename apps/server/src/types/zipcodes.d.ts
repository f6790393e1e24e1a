declare module 'zipcodes' {
  export interface ZipCodeInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipCodeInfo | undefined;
  export function lookupByCoords(lat: number, lng: number): ZipCodeInfo | null;
  const zipcodes: {
    lookup: typeof lookup;
    lookupByCoords: typeof lookupByCoords;
  };
  export default zipcodes;
}
