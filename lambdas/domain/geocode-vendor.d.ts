// The part of the untyped `zipcodes` package (US ZIP centroids, offline) that the local geocoder uses.
declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipCode | undefined;
}
