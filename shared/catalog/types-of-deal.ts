import type { CatalogItem } from './types';

/** Requirement and listing types share names and ids (spec: 4 of each). */
export const requirementTypes = [
  { id: 'for-sale-user', name: 'For Sale - User' },
  { id: 'for-sale-investment', name: 'For Sale - Investment' },
  { id: 'for-lease', name: 'For Lease' },
  { id: 'for-sale-or-lease', name: 'For Sale or Lease' },
] as const satisfies readonly CatalogItem[];

export const listingTypes = requirementTypes;

export type RequirementTypeId = (typeof requirementTypes)[number]['id'];
export type ListingTypeId = (typeof listingTypes)[number]['id'];

/** The sale section of the listing editor shows when the type's name contains "Sale". */
export function listingTypeHasSale(id: ListingTypeId | undefined | null): boolean {
  return !!id && listingTypes.find((t) => t.id === id)!.name.includes('Sale');
}

/** The lease section shows when the type's name contains "Lease". */
export function listingTypeHasLease(id: ListingTypeId | undefined | null): boolean {
  return !!id && listingTypes.find((t) => t.id === id)!.name.includes('Lease');
}

export const propertyTypes = [
  { id: 'apartment', name: 'Apartment' },
  { id: 'industrial', name: 'Industrial' },
  { id: 'land', name: 'Land' },
  { id: 'office', name: 'Office' },
  { id: 'retail', name: 'Retail' },
  { id: 'flex', name: 'Flex' },
  { id: 'speciality', name: 'Speciality' },
] as const satisfies readonly CatalogItem[];

export type PropertyTypeId = (typeof propertyTypes)[number]['id'];

export const leaseFrequencies = [
  { id: 'monthly', name: 'Monthly' },
  { id: 'annually', name: 'Annually' },
] as const satisfies readonly CatalogItem[];

export type LeaseFrequencyId = (typeof leaseFrequencies)[number]['id'];

export const leaseTypes = [
  { id: 'nnn', name: 'Triple Net (NNN)' },
  { id: 'full-service', name: 'Full Service' },
  { id: 'modified-gross', name: 'Modified Gross' },
] as const satisfies readonly CatalogItem[];

export type LeaseTypeId = (typeof leaseTypes)[number]['id'];
