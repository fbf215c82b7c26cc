import type { CreateRequirementInput, ListingDraftInput } from '../../../shared/api';

/** Demo brokers: realistic Sacramento-region people and firms (all fictional). */
export interface DemoBroker {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  license: string;
  phone: string;
  broker?: { name: string; address1: string; city: string; state: string; zip: string };
  status: 'active' | 'awaiting approval';
  operator?: boolean;
  /** A delegate: the key of the broker they assist, confirmed and approved. */
  assists?: string;
  colour: string;
}

export const demoBrokers: DemoBroker[] = [
  {
    key: 'operator', email: 'operator@bisn.local', firstName: 'Olivia', lastName: 'Park', title: 'BISN Operations',
    license: '', phone: '9165550100', status: 'active', operator: true, colour: '#334155',
  },
  {
    key: 'ben', email: 'broker@bisn.local', firstName: 'Ben', lastName: 'Carter', title: 'Senior Vice President',
    license: 'CA DRE #01923456', phone: '9165550142', status: 'active', colour: '#0f3d56',
    broker: { name: 'Capitol Commercial Partners', address1: '1201 K Street, Suite 900', city: 'Sacramento', state: 'CA', zip: '95814' },
  },
  {
    key: 'dana', email: 'dana.lee@bisn.local', firstName: 'Dana', lastName: 'Lee', title: 'Industrial Specialist',
    license: 'CA DRE #02011873', phone: '9165550177', status: 'active', colour: '#0e7490',
    broker: { name: 'Delta Industrial Advisors', address1: '8950 Cal Center Drive', city: 'Sacramento', state: 'CA', zip: '95826' },
  },
  {
    key: 'marco', email: 'marco.ruiz@bisn.local', firstName: 'Marco', lastName: 'Ruiz', title: 'Retail Leasing Director',
    license: 'CA DRE #01788420', phone: '9165550199', status: 'active', colour: '#9a3412',
    broker: { name: 'Foothill Retail Group', address1: '1000 Sunrise Avenue', city: 'Roseville', state: 'CA', zip: '95661' },
  },
  {
    key: 'priya', email: 'priya.shah@bisn.local', firstName: 'Priya', lastName: 'Shah', title: 'Investment Sales',
    license: 'CA DRE #02144519', phone: '5305550110', status: 'active', colour: '#6d28d9',
    broker: { name: 'Yolo Land & Investment', address1: '640 Second Street', city: 'Davis', state: 'CA', zip: '95616' },
  },
  {
    key: 'assistant', email: 'assistant@bisn.local', firstName: 'Avery', lastName: 'Brooks', title: 'Research Assistant',
    license: '', phone: '9165550155', status: 'active', assists: 'ben', colour: '#b45309',
  },
  {
    key: 'pending', email: 'pending@bisn.local', firstName: 'Sam', lastName: 'Nguyen', title: 'Associate',
    license: 'CA DRE #02230981', phone: '9165550123', status: 'awaiting approval', colour: '#15803d',
    broker: { name: 'River City Realty Advisors', address1: '2100 Capitol Avenue', city: 'Sacramento', state: 'CA', zip: '95816' },
  },
];

export const demoRequirements: { author: string; input: CreateRequirementInput }[] = [
  {
    author: 'ben',
    input: {
      requirementTypeId: 'for-lease', propertyTypeId: 'office', marketIds: ['sac-midtown', 'sac-downtown-sacramento'],
      title: 'Law firm seeking creative office in Midtown', timing: 'Q2 2027', sqftMin: 6000, sqftMax: 8500,
      description: 'Growing 30-person law firm. Prefers a second-generation space with existing build-out and walkable amenities.',
      highlights: ['Parking ratio 3/1,000', 'Two conference rooms', 'Signage opportunity', '', ''],
    },
  },
  {
    author: 'dana',
    input: {
      requirementTypeId: 'for-sale-user', propertyTypeId: 'industrial', marketIds: ['sac-power-inn', 'sac-rancho-cordova', 'sac-highway-50-corridor'],
      title: 'Owner-user warehouse with dock-high loading', timing: 'Close within 6 months', sqftMin: 25000, sqftMax: 45000,
      description: 'Food distributor relocating its Sacramento operation; SBA financing in place.',
      highlights: ['Minimum 24\u2019 clear height', 'At least 4 dock-high doors', 'Fenced yard', 'Heavy power (800A+)', ''],
    },
  },
  {
    // Ben's client meets Marco's Roseville pad on the Matches page.
    author: 'ben',
    input: {
      requirementTypeId: 'for-lease', propertyTypeId: 'retail', marketIds: ['placer-roseville', 'placer-rocklin', 'placer-lincoln'],
      title: 'Fast-casual restaurant, end-cap with drive-thru', timing: 'Open by fall 2027', sqftMin: 2200, sqftMax: 3000,
      description: 'Regional fast-casual concept expanding in Placer County. End-cap with patio preferred.',
      highlights: ['Drive-thru required', 'Grease interceptor', '', '', ''],
      maxLeaseRate: 45, maxLeaseFrequencyId: 'annually',
    },
  },
  {
    // Dana's exchange buyer meets Priya's Davis apartments.
    author: 'dana',
    input: {
      requirementTypeId: 'for-sale-investment', propertyTypeId: 'apartment', marketIds: ['yolo-davis', 'yolo-woodland', 'yolo-west-sacramento'],
      title: '1031 buyer: 20–60 unit multifamily', timing: '1031 identification by March', sqftMin: null, sqftMax: null,
      description: 'Exchange buyer with $8–14M to place. Value-add welcome.',
      highlights: ['Cap rate 5.5%+', 'Built after 1980 preferred', '', '', ''],
      maxPrice: 14_000_000,
    },
  },
  {
    author: 'ben',
    input: {
      requirementTypeId: 'for-sale-or-lease', propertyTypeId: 'land', marketIds: ['sutter-county', 'yuba-county'],
      title: 'Ag-industrial land, 10+ acres near Highway 99', timing: 'Flexible', sqftMin: null, sqftMax: null,
      description: 'Processing company looking for flat land with utilities nearby.', highlights: ['10 to 40 acres', '', '', '', ''],
    },
  },
  {
    author: 'dana',
    input: {
      requirementTypeId: 'for-lease', propertyTypeId: 'flex', marketIds: ['sac-mcclellan-north-highlands', 'sac-antelope'],
      title: 'Flex space for a drone maker', timing: '90 days', sqftMin: 8000, sqftMax: 12000,
      description: 'Assembly plus office; one grade-level door at least.', highlights: ['30% office', '', '', '', ''],
    },
  },
];

export interface DemoListing {
  owner: string;
  draft: ListingDraftInput;
  /** `published` goes through the blast; `queued` waits for the next one; `draft` stays with its owner. */
  state: 'published' | 'queued' | 'draft';
  colour: string;
}

export const demoListings: DemoListing[] = [
  {
    owner: 'ben', state: 'published', colour: '#1e3a8a',
    draft: {
      title: 'Renovated Midtown office building', listingTypeId: 'for-sale-or-lease', propertyTypeId: 'office', marketId: 'sac-midtown',
      sqft: 14250, price: 4950000, leasePrice: 2.85, leaseFrequencyId: 'monthly', leaseTypeId: 'full-service', minSqft: 1800, maxSqft: 14250,
      address1: '1920 L Street', city: 'Sacramento', state: 'CA', zipCode: '95811',
      timing: 'Immediately', description: 'Three-story brick office building, fully renovated in 2024 with new HVAC, elevator and seismic upgrades.',
      highlights: ['Walk Score 97', 'Rooftop deck', 'Secure bike room', '', ''], brochureUrl: 'https://bisn.example/brochures/1920-l-street.pdf',
    },
  },
  {
    owner: 'dana', state: 'published', colour: '#0e7490',
    draft: {
      title: 'Power Inn distribution warehouse', listingTypeId: 'for-lease', propertyTypeId: 'industrial', marketId: 'sac-power-inn',
      leasePrice: 0.89, leaseFrequencyId: 'monthly', leaseTypeId: 'nnn', minSqft: 32000, maxSqft: 64000,
      address1: '8450 Belvedere Avenue', city: 'Sacramento', state: 'CA', zipCode: '95826',
      timing: '60 days', description: 'Divisible warehouse with 28-foot clear height, ESFR sprinklers and 12 dock-high doors.',
      highlights: ['28\u2019 clear', 'ESFR', '12 docks', '2 grade-level doors', ''],
    },
  },
  {
    owner: 'marco', state: 'published', colour: '#9a3412',
    draft: {
      title: 'Roseville pad with drive-thru', listingTypeId: 'for-lease', propertyTypeId: 'retail', marketId: 'placer-roseville',
      leasePrice: 42, leaseFrequencyId: 'annually', leaseTypeId: 'nnn', minSqft: 2400, maxSqft: 2400,
      address1: '1850 Douglas Boulevard', city: 'Roseville', state: 'CA', zipCode: '95661',
      timing: 'Q1 2027', description: 'Freestanding pad with approved drive-thru in a grocery-anchored centre.', highlights: ['38,000 cars/day', '', '', '', ''],
    },
  },
  {
    owner: 'priya', state: 'published', colour: '#6d28d9',
    draft: {
      title: '24-unit garden apartments near UC Davis', listingTypeId: 'for-sale-investment', propertyTypeId: 'apartment', marketId: 'yolo-davis',
      sqft: 19800, price: 7350000,
      address1: '2500 Sycamore Lane', city: 'Davis', state: 'CA', zipCode: '95616',
      timing: 'Immediately', description: 'Well-kept 24-unit property, 100% occupied, walking distance to campus.', highlights: ['Cap rate 5.2%', 'On-site laundry', '', '', ''],
    },
  },
  {
    owner: 'ben', state: 'published', colour: '#166534',
    draft: {
      title: 'El Dorado Hills business park land', listingTypeId: 'for-sale-user', propertyTypeId: 'land', marketId: 'eldorado-el-dorado-hills',
      sqft: 522720, price: null,
      address1: '4900 Golden Foothill Parkway', city: 'El Dorado Hills', state: 'CA', zipCode: '95762',
      timing: 'Spring 2027', description: 'Twelve flat acres zoned R&D with utilities at the street.', highlights: ['12 acres', 'R&D zoning', '', '', ''],
    },
  },
  {
    owner: 'dana', state: 'queued', colour: '#475569',
    draft: {
      title: 'West Sacramento flex building', listingTypeId: 'for-sale-user', propertyTypeId: 'flex', marketId: 'yolo-west-sacramento',
      sqft: 18000, price: 3600000,
      address1: '3300 Industrial Boulevard', city: 'West Sacramento', state: 'CA', zipCode: '95691',
      timing: '30 days', description: 'Flex building with 30% office and four grade-level doors.', highlights: ['Fenced yard', '', '', '', ''],
    },
  },
  {
    owner: 'ben', state: 'draft', colour: '#64748b',
    draft: {
      title: 'Campus Commons suite (draft)', listingTypeId: 'for-lease', propertyTypeId: 'office', marketId: 'sac-campus-commons',
      address1: '', city: 'Sacramento', state: 'CA', zipCode: '', description: '',
    },
  },
];
