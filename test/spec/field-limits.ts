/**
 * Every field's limits and exact messages, as literal data copied from the specs (spec 01 §5, spec 02 §5),
 * PRODUCT.md and the upper bounds docs/DECISIONS.md "Field limits" records — never read from the code.
 * The schemas, the forms and the API are checked against this table (test/unit/contract and
 * test/api/quality), and the fuzzing of write routes uses it as its oracle of validity.
 */

/** Trimmed text: at most `max` characters; `required` is the message for nothing (or only spaces). */
export interface TextRule {
  readonly kind: 'text';
  readonly max: number;
  readonly required?: string;
}
/** A list of trimmed lines: at most `maxItems`, each at most `itemMax` characters. */
export interface LinesRule {
  readonly kind: 'lines';
  readonly maxItems: number;
  readonly itemMax: number;
}
/** Square footage: a whole number from 0 to `max`, or nothing (null). */
export interface SqftRule {
  readonly kind: 'sqft';
  readonly max: number;
}
/** Dollars: 0 to `max` with at most `decimals` places, or nothing (null). */
export interface MoneyRule {
  readonly kind: 'money';
  readonly max: number;
  readonly decimals: number;
}
/** A choice from a catalogue: `required` is the message for a missing or unknown choice. */
export interface ChoiceRule {
  readonly kind: 'choice';
  readonly required: string;
  /** The choice may be left empty (null) in a draft. */
  readonly nullable?: boolean;
}
/** Some choices from a catalogue, at least `minItems`, each once. */
export interface ChoicesRule {
  readonly kind: 'choices';
  readonly minItems: number;
  readonly required: string;
}
/** Exactly a shape, or empty when `optional`; `message` when it is not. */
export interface ShapeRule {
  readonly kind: 'shape';
  readonly valid: readonly string[];
  readonly invalid: readonly string[];
  readonly message?: string;
  readonly optional?: boolean;
}
/** At least `min` characters (not trimmed), with `message` below it. */
export interface MinLengthRule {
  readonly kind: 'minLength';
  readonly min: number;
  readonly message: string;
}

export type FieldRule = TextRule | LinesRule | SqftRule | MoneyRule | ChoiceRule | ChoicesRule | ShapeRule | MinLengthRule;
export type FormRules = Readonly<Record<string, FieldRule>>;

const sqft: SqftRule = { kind: 'sqft', max: 100_000_000 };
const money: MoneyRule = { kind: 'money', max: 10_000_000_000, decimals: 4 };
const highlights: LinesRule = { kind: 'lines', maxItems: 5, itemMax: 300 };

/** Spec 02 §5 "Requirement form"; upper bounds from DECISIONS.md. */
export const requirementForm = {
  requirementTypeId: { kind: 'choice', required: 'You must select a requirement type.' },
  propertyTypeId: { kind: 'choice', required: 'You must select a property type.' },
  marketIds: { kind: 'choices', minItems: 1, required: 'You must pick at least one market.' },
  title: { kind: 'text', max: 200, required: 'Title cannot be empty.' },
  timing: { kind: 'text', max: 200, required: 'Timing cannot be empty.' },
  sqftMin: sqft,
  sqftMax: sqft,
  description: { kind: 'text', max: 5000 },
  highlights,
  // The client's budget.
  maxPrice: money,
  maxLeaseRate: money,
  maxLeaseFrequencyId: { kind: 'choice', required: 'You must select a lease frequency.', nullable: true },
} as const satisfies FormRules;

/** A listing draft as saved: every field may be empty; what is there must be valid (PRODUCT.md, DECISIONS.md). */
export const listingDraft = {
  title: { kind: 'text', max: 200 },
  listingTypeId: { kind: 'choice', required: 'You must select a listing type.', nullable: true },
  propertyTypeId: { kind: 'choice', required: 'You must select a property type.', nullable: true },
  marketId: { kind: 'choice', required: 'Unknown market.', nullable: true },
  sqft,
  minSqft: sqft,
  maxSqft: sqft,
  price: money,
  leasePrice: money,
  leaseFrequencyId: { kind: 'choice', required: 'You must select a lease frequency.', nullable: true },
  leaseTypeId: { kind: 'choice', required: 'You must select a lease type and lease frequency.', nullable: true },
  timing: { kind: 'text', max: 200 },
  description: { kind: 'text', max: 10_000 },
  highlights,
  address1: { kind: 'text', max: 200 },
  address2: { kind: 'text', max: 200 },
  city: { kind: 'text', max: 100 },
  zipCode: { kind: 'shape', valid: ['', '95814', '00000'], invalid: ['9581', '958140', '9581a', ' 95814'], message: 'ZIP code is required', optional: true },
  zip4: { kind: 'shape', valid: ['', '1234'], invalid: ['123', '12345', 'abcd'], message: 'ZIP+4 must be 4 digits', optional: true },
  brochureUrl: {
    kind: 'shape',
    valid: ['', 'https://example.com/brochure.pdf', 'http://broker.example.org/a?b=c'],
    invalid: ['not a url', 'ftp://example.com/x', 'javascript:alert(1)', 'https://printer.local/x'],
    message: 'Please enter a valid URL.',
    optional: true,
  },
} as const satisfies FormRules;

/** Spec 02 §5 "Listing header", "Listing address", "Listing details": the editor's messages. */
export const listingHeaderForm = {
  title: { kind: 'text', max: Infinity, required: 'Title cannot be empty.' },
  listingTypeId: { kind: 'choice', required: 'You must select a listing type.' },
  propertyTypeId: { kind: 'choice', required: 'You must select a property type.' },
} as const satisfies FormRules;
export const listingAddressForm = {
  address1: { kind: 'text', max: Infinity, required: 'Street address is required.' },
  city: { kind: 'text', max: Infinity, required: 'City is required.' },
  state: { kind: 'minLength', min: 2, message: 'State is required.' },
  zipCode: { kind: 'minLength', min: 5, message: 'ZIP code is required.' },
} as const satisfies FormRules;
export const listingDetailsForm = {
  description: { kind: 'text', max: Infinity, required: 'Description is required.' },
} as const satisfies FormRules;
/** Spec 02 §5: Save Draft with an empty title. */
export const saveDraftTitleRequired = 'Title is required.';

/** Spec 02 §5 "Personal info"; upper bounds from DECISIONS.md. */
export const personalInfoForm = {
  firstName: { kind: 'text', max: 100, required: 'First Name cannot be empty.' },
  lastName: { kind: 'text', max: 100, required: 'Last Name cannot be empty.' },
  title: { kind: 'text', max: 100 },
  license: { kind: 'text', max: 50 },
  phone: { kind: 'text', max: 30 },
} as const satisfies FormRules;

/** Spec 02 §5 "Broker info form". */
export const brokerInfoForm = {
  name: { kind: 'text', max: 200, required: 'Broker Name cannot be empty.' },
  address1: { kind: 'text', max: 200, required: 'Street address cannot be empty.' },
  address2: { kind: 'text', max: 200 },
} as const satisfies FormRules;

/** Spec 01 §5 "Sign-up" (the record's names as the sign-up form sends them). */
export const signUpNames = {
  firstName: { kind: 'text', max: 100, required: 'First name is required' },
  lastName: { kind: 'text', max: 100, required: 'Last name is required' },
} as const satisfies FormRules;
export const termsRequired = 'You must agree to the terms and conditions';

/** Spec 01 §5: the password for sign-up and reset, each rule with its message, and a value failing only it. */
export const passwordMinLength = 8;
export const passwordRules = [
  { message: 'Password must be at least 8 characters long', failsOnlyThis: 'Ab1@xyz' },
  { message: 'Password must contain at least one uppercase letter', failsOnlyThis: 'ab1@xyzw' },
  { message: 'Password must contain at least one lowercase letter', failsOnlyThis: 'AB1@XYZW' },
  { message: 'Password must contain at least one number', failsOnlyThis: 'Abc@xyzw' },
  { message: 'Password must contain at least one special character (@$!%*?&)', failsOnlyThis: 'Ab1xyzwv' },
] as const;
export const validPassword = 'Ab1@xyzw';

/** Spec 01 §5: the e-mailed code. */
export const verificationCode = { length: 6, message: 'Invalid Code, please re-enter.' } as const;

/** Spec 02 §5 "Images" and PRODUCT.md "Images": the caps and their messages. */
const MB = 1024 * 1024;
export const imageLimits = {
  profile: { maxBytes: 3 * MB, message: 'Image size must be less than 3MB.' },
  logo: { maxBytes: 3 * MB, message: 'Image size must be less than 3MB.' },
  listing: { maxBytes: 5 * MB, message: 'Image size must be less than 5MB.' },
} as const;

/** Spec 01 §5: e-mail fields (login, forgot password, unsubscribe) take a valid address, trimmed and lower-cased. */
const email: ShapeRule = {
  kind: 'shape',
  valid: ['broker@example.com', '  Broker@Example.COM  ', 'a.b+c@sub.example.org'],
  invalid: ['', 'broker', 'broker@', '@example.com', 'broker example@x.com'],
  message: 'Please enter a valid email address',
};
/** Spec 01 §5: a new password (sign-up, reset, change): each rule's failing value is refused. */
const newPassword: ShapeRule = { kind: 'shape', valid: [validPassword, 'Zz9!Zz9!Zz9!'], invalid: passwordRules.map((r) => r.failsOnlyThis) };

/** Spec 01 §5 "Login": a valid e-mail; the password is required text only. */
export const signInForm = {
  email,
  password: { kind: 'minLength', min: 1, message: 'Password is required' },
} as const satisfies FormRules;

/** Spec 01 §4–5 "Forgot password": the e-mail step, then the code and the new password. */
export const forgotPasswordEmailForm = { email } as const satisfies FormRules;
export const forgotPasswordResetForm = {
  email,
  otp: { kind: 'shape', valid: ['123456', ' 123456 '], invalid: ['12345', '1234567', ''], message: verificationCode.message },
  newPassword,
} as const satisfies FormRules;

/** Spec 01 §5 "Change password": the current password is required; the new one follows the rules. */
export const changePasswordForm = {
  oldPassword: { kind: 'minLength', min: 1, message: 'Current password is required' },
  newPassword,
} as const satisfies FormRules;

/** Spec 01 §2 "Unsubscribe": the form takes an e-mail address. */
export const unsubscribeForm = { email } as const satisfies FormRules;
