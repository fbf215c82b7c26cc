import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from '../../../shared/zod';
import {
  brochureUrlMessage,
  brokerInfoRequest,
  changePasswordForm,
  createRequirementRequest,
  createUserRequest,
  forgotPasswordEmailForm,
  forgotPasswordResetForm,
  imageKinds,
  listingAddressForm,
  listingDetailsForm,
  listingDraft,
  listingHeaderForm,
  newPassword,
  passwordPolicy,
  personalInfoRequest,
  saveDraftTitleRequired,
  saveListingRequest,
  signInForm,
  signUpForm,
  unsubscribeRequest,
  verificationCode,
} from '../../../shared/api';
import * as spec from '../../spec/field-limits';
import { probes } from '../../spec/probes';

// Every field's limits and messages, pinned from the specs (test/spec/field-limits.ts), checked
// against the shared schemas the forms and the API use, at the boundary.

const requirementBase = { requirementTypeId: 'for-lease', propertyTypeId: 'office', marketIds: ['sac-midtown'], title: 'T', timing: 'Now', maxLeaseFrequencyId: 'monthly' };
const draftBase = listingDraft.parse({});
const fields = (schema: z.ZodMiniType, input: unknown) => {
  const result = schema.safeParse(input);
  const byField: Record<string, string[]> = {};
  if (!result.success) for (const issue of result.error.issues) (byField[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return { ok: result.success, byField };
};

const forms: [string, z.ZodMiniType, spec.FormRules, Record<string, unknown>][] = [
  ['requirement form (createRequirementRequest)', createRequirementRequest, spec.requirementForm, requirementBase],
  ['listing draft (listingDraft)', listingDraft, spec.listingDraft, {}],
  ['listing save (saveListingRequest)', saveListingRequest, spec.listingDraft, { ...draftBase, version: 1 }],
  ['listing header', listingHeaderForm, spec.listingHeaderForm, { title: 'T', listingTypeId: 'for-lease', propertyTypeId: 'office' }],
  ['listing address', listingAddressForm, spec.listingAddressForm, { address1: '1 K St', city: 'Sacramento', state: 'CA', zipCode: '95814', marketId: 'sac-midtown' }],
  ['listing details', listingDetailsForm, spec.listingDetailsForm, { description: 'D' }],
  ['personal info', personalInfoRequest, spec.personalInfoForm, { firstName: 'A', lastName: 'B' }],
  ['broker info', brokerInfoRequest, spec.brokerInfoForm, { name: 'N', address1: 'A' }],
  ['sign-up form', signUpForm, spec.signUpNames, { email: 'a@b.co', password: spec.validPassword, firstName: 'A', lastName: 'B', termsAndConditions: true }],
  ['sign-in form', signInForm, spec.signInForm, { email: 'a@b.co', password: 'x' }],
  ['forgot password: e-mail', forgotPasswordEmailForm, spec.forgotPasswordEmailForm, { email: 'a@b.co' }],
  ['forgot password: reset', forgotPasswordResetForm, spec.forgotPasswordResetForm, { email: 'a@b.co', otp: '123456', newPassword: spec.validPassword }],
  ['change password', changePasswordForm, spec.changePasswordForm, { oldPassword: 'x', newPassword: spec.validPassword }],
  ['unsubscribe form', unsubscribeRequest, spec.unsubscribeForm, { email: 'a@b.co' }],
  ['sign-up record (createUserRequest)', createUserRequest, spec.signUpNames, { email: 'a@b.co', cognitoId: 'sub-1', firstName: 'A', lastName: 'B', acceptedTermsAndConditions: true }],
];

describe.each(forms)('%s', (_name, schema, rules, base) => {
  it('accepts its base', () => expect(fields(schema, base)).toEqual({ ok: true, byField: {} }));

  const cases = Object.entries(rules).flatMap(([field, rule]) => probes(rule).map((probe) => [field, probe.what, probe] as const));
  it.each(cases)('%s: %s', (field, _what, probe) => {
    const { ok, byField } = fields(schema, { ...base, [field]: probe.value });
    expect(ok, `${field} = ${JSON.stringify(probe.value).slice(0, 40)}: ${JSON.stringify(byField)}`).toBe(probe.valid);
    if (!probe.valid) expect(Object.keys(byField), 'the refusal names the field').toContain(field);
    if (probe.message) expect(byField[field]).toContain(probe.message);
  });
});

describe('docs/DECISIONS.md "Field limits"', () => {
  it('names every upper bound the table holds', () => {
    const decisions = readFileSync(new URL('../../../docs/DECISIONS.md', import.meta.url), 'utf8');
    const section = decisions.split('\n## Field limits\n')[1]?.split('\n## ')[0] ?? '';
    const caps = new Set<number>();
    for (const [, , rules] of forms) {
      for (const rule of Object.values(rules)) {
        if (rule.kind === 'text' && Number.isFinite(rule.max)) caps.add(rule.max);
        if (rule.kind === 'lines') caps.add(rule.maxItems).add(rule.itemMax);
        if (rule.kind === 'sqft' || rule.kind === 'money') caps.add(rule.max);
      }
    }
    expect(section).not.toBe('');
    expect([...caps].filter((cap) => !section.includes(cap.toLocaleString('en-US')))).toEqual([]);
  });
});

describe('messages the forms show', () => {
  it('the terms checkbox', () => {
    expect(fields(signUpForm, { email: 'a@b.co', password: spec.validPassword, firstName: 'A', lastName: 'B', termsAndConditions: false }).byField.termsAndConditions).toEqual([spec.termsRequired]);
  });

  it('Save Draft with an empty title, and the brochure link', () => {
    expect(saveDraftTitleRequired).toBe(spec.saveDraftTitleRequired);
    expect(brochureUrlMessage).toBe(spec.listingDraft.brochureUrl.message);
  });

  it.each(spec.passwordRules)('the password rule "$message" alone refuses $failsOnlyThis', ({ message, failsOnlyThis }) => {
    expect(fields(z.object({ password: newPassword }), { password: failsOnlyThis }).byField.password).toEqual([message]);
  });

  it('a password keeping every rule passes; the minimum length is the Cognito policy’s', () => {
    expect(newPassword.safeParse(spec.validPassword).success).toBe(true);
    expect(passwordPolicy.minLength).toBe(spec.passwordMinLength);
    expect(newPassword.safeParse(`${spec.validPassword.slice(0, spec.passwordMinLength - 1)}`).success).toBe(false);
  });

  it('the e-mailed code: exactly 6 characters', () => {
    const code = spec.verificationCode;
    expect(verificationCode.safeParse('1'.repeat(code.length)).success).toBe(true);
    for (const wrong of ['1'.repeat(code.length - 1), '1'.repeat(code.length + 1), '']) {
      expect(fields(z.object({ code: verificationCode }), { code: wrong }).byField.code).toEqual([code.message]);
    }
  });

  it.each(Object.entries(spec.imageLimits))('%s images: the cap and its message', (kind, limit) => {
    const ours = imageKinds[kind as keyof typeof imageKinds];
    expect({ maxBytes: ours.maxBytes, message: ours.tooLarge }).toEqual(limit);
  });
});
