import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_REGION, localCredentials } from '../../../lib/local/aws';
import { createConfirmedUser } from '../../../lib/local/testing';
import type { LocalStack } from '../../../lib/local/stack';
import type { RouteId } from '../../../shared/api/routes';
import * as spec from '../../spec/field-limits';
import { probes, type Probe } from '../../spec/probes';
import { call, createDraft, expectOk, newApprovedBroker, newUser, saveDraft, startStack, type Broker } from './support';

// The API against the limits and messages pinned from the specs (test/spec/field-limits.ts):
// each write route's fields at the limit, one past it, empty and of the wrong type. Accepted values are
// stored; refused ones are a 400 naming the field, with the spec's message where it words one.
let stack: LocalStack;
let broker: Broker;
let draftId: string;

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'limitsop', { operator: true });
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: operator.userId } }));
  broker = await newApprovedBroker(stack, operator, 'limits');
  draftId = (await createDraft(stack, broker)).listingId;
}, 120_000);
afterAll(async () => stack?.stop());

interface Answer {
  status: number;
  body: object & { message?: string; fieldErrors?: Record<string, string[]> };
}

function expectVerdict(field: string, probe: Probe, answer: Answer) {
  const label = `${field} = ${JSON.stringify(probe.value).slice(0, 40)}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
  if (probe.valid) {
    expect(answer.status, label).toBeLessThan(300);
    return;
  }
  expect(answer.status, label).toBe(400);
  const named = Object.keys(answer.body.fieldErrors ?? {}).filter((key) => key === field || key.startsWith(`${field}.`));
  expect(named, label).not.toHaveLength(0);
  if (probe.message) expect(answer.body.fieldErrors?.[field], label).toContain(probe.message);
}

const cases = (form: spec.FormRules) =>
  Object.entries(form).flatMap(([field, rule]) => probes(rule).map((probe) => [field, probe.what, probe] as const));

const requirementBase = { requirementTypeId: 'for-lease', propertyTypeId: 'office', marketIds: ['sac-midtown'], title: 'Limits', timing: 'Now', maxLeaseFrequencyId: 'monthly' };

describe('POST /requirement', () => {
  it.each(cases(spec.requirementForm))('%s: %s', async (field, _what, probe) => {
    const body = { ...requirementBase, [field]: probe.value };
    expectVerdict(field, probe, await call(stack, broker.token, 'createRequirement', { body }));
  });
});

describe('PUT /listing/{listingId}', () => {
  it.each(cases(spec.listingDraft))('%s: %s', async (field, _what, probe) => {
    expectVerdict(field, probe, (await saveDraft(stack, broker, draftId, { [field]: probe.value })) as Answer);
  });
});

const profileRoutes: [RouteId, spec.FormRules, Record<string, unknown>][] = [
  ['updatePersonalInfo', spec.personalInfoForm, { firstName: 'Lim', lastName: 'Its' }],
  ['updateBrokerInfo', spec.brokerInfoForm, { name: 'Limits Realty', address1: '1 K St' }],
];
describe.each(profileRoutes)('%s', (id, form, base) => {
  it.each(cases(form))('%s: %s', async (field, _what, probe) => {
    const body = { ...base, [field]: probe.value };
    expectVerdict(field, probe, await call(stack, broker.token, id, { params: { userId: broker.userId }, body }));
  });
});

describe('POST /user (sign-up’s record)', () => {
  it.each(cases(spec.signUpNames))('%s: %s', async (field, _what, probe) => {
    const email = `limits-${randomUUID().slice(0, 8)}@example.com`;
    // Only an accepted record needs its own Cognito user; a refusal is decided before anyone is looked up.
    const cognitoId = probe.valid ? await createConfirmedUser(stack, { email, password: 'Limits!2345', firstName: 'x', lastName: 'y' }) : randomUUID();
    const body = { email, cognitoId, firstName: 'First', lastName: 'Last', acceptedTermsAndConditions: true, [field]: probe.value };
    expectVerdict(field, probe, await call(stack, null, 'createUser', { body }));
  });

  it('refuses a record whose terms are not accepted, with the spec’s message', async () => {
    const body = { email: `limits-${randomUUID().slice(0, 8)}@example.com`, cognitoId: randomUUID(), firstName: 'A', lastName: 'B', acceptedTermsAndConditions: false };
    const answer = await call<Answer['body']>(stack, null, 'createUser', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors?.acceptedTermsAndConditions).toEqual([spec.termsRequired]);
  });
});

describe('the password’s minimum length', () => {
  it('the user pool refuses one character fewer than the spec’s minimum at sign-up, and takes the minimum', async () => {
    const cognito = new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: LOCAL_REGION, credentials: localCredentials });
    const signUp = (password: string) =>
      cognito.send(new SignUpCommand({ ClientId: stack.userPoolClientId, Username: `pw-${randomUUID().slice(0, 8)}@example.com`, Password: password }));
    const [short] = spec.passwordRules;
    expect(short.failsOnlyThis).toHaveLength(spec.passwordMinLength - 1);
    await expect(signUp(short.failsOnlyThis)).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await expect(signUp(spec.validPassword)).resolves.toMatchObject({ UserConfirmed: false });
    cognito.destroy();
  });
});

describe('image uploads', () => {
  const presigns = {
    profile: (size: number) => call(stack, broker.token, 'presignProfileImage', { params: { userId: broker.userId }, body: { contentType: 'image/jpeg', size } }),
    logo: (size: number) => call(stack, broker.token, 'presignBrokerImage', { params: { userId: broker.userId }, body: { contentType: 'image/jpeg', size } }),
    listing: (size: number) => call(stack, broker.token, 'presignListingImage', { params: { listingId: draftId }, body: { contentType: 'image/png', size } }),
  };
  it.each(Object.entries(spec.imageLimits))('%s: the cap is accepted, one byte more is refused with the spec’s message', async (kind, limit) => {
    const presign = presigns[kind as keyof typeof presigns];
    expect((await presign(limit.maxBytes)).status).toBe(200);
    const over = await presign(limit.maxBytes + 1);
    expect(over.status).toBe(413);
    expect(over.body.message).toBe(limit.message);
  });
});
