import type { PropertyTypeId } from './types-of-deal';

/**
 * The facts brokers state of a property, by property type (a listing's "Property facts"): what the editor
 * asks for, the detail and the blast entry show, and the browser filters by where it matters (clear
 * height, acres, units). `count` and `year` are whole numbers, `measure` a number, `class` A, B or C.
 */
export const propertyFacts = [
  { id: 'buildingClass', name: 'Building class', kind: 'class', propertyTypes: ['office'] },
  { id: 'floors', name: 'Floors', kind: 'count', propertyTypes: ['office'] },
  { id: 'clearHeightFt', name: 'Clear height (ft)', kind: 'measure', propertyTypes: ['industrial', 'flex'] },
  { id: 'dockHighDoors', name: 'Dock-high doors', kind: 'count', propertyTypes: ['industrial', 'flex'] },
  { id: 'gradeLevelDoors', name: 'Grade-level doors', kind: 'count', propertyTypes: ['industrial', 'flex'] },
  { id: 'power', name: 'Power', kind: 'text', propertyTypes: ['industrial', 'flex'] },
  { id: 'frontageFt', name: 'Frontage (ft)', kind: 'measure', propertyTypes: ['retail'] },
  { id: 'anchor', name: 'Anchor tenant', kind: 'text', propertyTypes: ['retail'] },
  { id: 'acres', name: 'Acres', kind: 'measure', propertyTypes: ['land'] },
  { id: 'zoning', name: 'Zoning', kind: 'text', propertyTypes: ['land'] },
  { id: 'utilities', name: 'Utilities', kind: 'text', propertyTypes: ['land'] },
  { id: 'units', name: 'Units', kind: 'count', propertyTypes: ['apartment'] },
  { id: 'yearBuilt', name: 'Year built', kind: 'year', propertyTypes: 'all' },
  { id: 'parking', name: 'Parking', kind: 'text', propertyTypes: 'all' },
  { id: 'apn', name: 'APN', kind: 'text', propertyTypes: 'all' },
] as const satisfies readonly {
  id: string;
  name: string;
  kind: 'class' | 'count' | 'measure' | 'year' | 'text';
  propertyTypes: readonly PropertyTypeId[] | 'all';
}[];

export type PropertyFact = (typeof propertyFacts)[number];
export type PropertyFactId = PropertyFact['id'];
export const buildingClasses = ['A', 'B', 'C'] as const;

/** The facts a property type states, in the catalogue's order (none before a type is chosen). */
export function factsOfPropertyType(propertyTypeId: string | null | undefined): PropertyFact[] {
  if (!propertyTypeId) return [];
  return propertyFacts.filter((fact) => fact.propertyTypes === 'all' || (fact.propertyTypes as readonly string[]).includes(propertyTypeId));
}
