import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { PutSuppressedDestinationCommand, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { cognito, documentClient, ses } from '../../../lambdas/core/aws';
import { env } from '../../../lambdas/core/env';
import { deleteObjects, getObject, listKeys, presignPost, putObject } from '../../../lambdas/core/images-bucket';
import { liftSuppression } from '../../../lambdas/domain/mail/suppression';

/**
 * Bundled by bundled-sdk.test.ts with the Lambda bundling settings and run in a child process against
 * the emulators: the calls the handlers make, through the clients of lambdas/core/aws.ts and the images
 * bucket of lambdas/core/images-bucket.ts, each with its answer checked, modelled errors included (they
 * are deserialised through the clients' schemas, which the bundles take from rewritten copies). Prints
 * one line per check; throws on the first failure.
 */
export async function run(): Promise<void> {
  const check = (what: string, ok: unknown) => {
    if (!ok) throw new Error(`bundled SDK: ${what} failed`);
    console.log(`ok ${what}`);
  };
  const { TABLE_NAME: TableName, MAIL_FROM, USER_POOL_ID } = env();
  const pk = `bundled-sdk-${Date.now()}`;

  await documentClient().send(new PutCommand({ TableName, Item: { pk, sk: 'a', n: 1, gone: undefined } }));
  check('dynamodb get', (await documentClient().send(new GetCommand({ TableName, Key: { pk, sk: 'a' } }))).Item?.n === 1);
  const query = await documentClient().send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }));
  check('dynamodb query', query.Items?.length === 1);
  const conditional = await documentClient()
    .send(new PutCommand({ TableName, Item: { pk, sk: 'a' }, ConditionExpression: 'attribute_not_exists(pk)' }))
    .catch((error: unknown) => error);
  check('dynamodb ConditionalCheckFailedException', conditional instanceof ConditionalCheckFailedException);

  const key = `${pk}/a b+c.txt`;
  await putObject(key, new TextEncoder().encode('hello'), { contentType: 'text/plain' });
  const object = await getObject(key);
  check('s3 get', object && new TextDecoder().decode(object.bytes) === 'hello' && object.contentType === 'text/plain');
  check('s3 list', (await listKeys(`${pk}/`)).join() === key);
  check('s3 missing object', (await getObject(`${pk}/missing`)) === null);
  const post = await presignPost(`${pk}/b.txt`, {
    conditions: [['content-length-range', 1, 100]],
    fields: { 'Content-Type': 'text/plain' },
    expiresInSeconds: 60,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
  form.append('file', new Blob(['posted']), 'b.txt');
  check('s3 presigned post', (await fetch(post.url, { method: 'POST', body: form })).ok);
  await deleteObjects([key, `${pk}/b.txt`]);
  check('s3 delete objects', (await listKeys(`${pk}/`)).length === 0);

  const mail = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: MAIL_FROM,
      Destination: { ToAddresses: ['bundled-sdk@example.com'] },
      Content: { Simple: { Subject: { Data: 'bundled SDK' }, Body: { Text: { Data: 'hello' } } } },
    }),
  );
  check('ses send', !!mail.MessageId);
  // Resuming a broker's mail reads SES's NotFoundException by name: it must survive the schema rewriting.
  check('ses suppression NotFoundException', (await liftSuppression(`${pk}@example.com`)) === false);
  await ses().send(new PutSuppressedDestinationCommand({ EmailAddress: `${pk}-listed@example.com`, Reason: 'BOUNCE' }));
  check('ses suppression lifted', (await liftSuppression(`${pk}-listed@example.com`)) === true);

  const nobody = await cognito()
    .send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: 'nobody@example.com' }))
    .catch((error: unknown) => error);
  check('cognito UserNotFoundException', nobody instanceof UserNotFoundException);
}
