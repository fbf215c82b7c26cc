import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { cognito, documentClient, s3, ses } from '../../../lambdas/core/aws';
import { env } from '../../../lambdas/core/env';

/**
 * Bundled by bundled-sdk.test.ts with the Lambda bundling settings and run in a child process against
 * the emulators: the calls the handlers make, through the clients of lambdas/core/aws.ts, each with its
 * answer checked, modelled errors included (they are deserialised through the clients' schemas, which
 * the bundles take from rewritten copies). Prints one line per check; throws on the first failure.
 */
export async function run(): Promise<void> {
  const check = (what: string, ok: unknown) => {
    if (!ok) throw new Error(`bundled SDK: ${what} failed`);
    console.log(`ok ${what}`);
  };
  const { TABLE_NAME: TableName, IMAGES_BUCKET: Bucket, MAIL_FROM, USER_POOL_ID } = env();
  const pk = `bundled-sdk-${Date.now()}`;

  await documentClient().send(new PutCommand({ TableName, Item: { pk, sk: 'a', n: 1, gone: undefined } }));
  check('dynamodb get', (await documentClient().send(new GetCommand({ TableName, Key: { pk, sk: 'a' } }))).Item?.n === 1);
  const query = await documentClient().send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }));
  check('dynamodb query', query.Items?.length === 1);
  const conditional = await documentClient()
    .send(new PutCommand({ TableName, Item: { pk, sk: 'a' }, ConditionExpression: 'attribute_not_exists(pk)' }))
    .catch((error: unknown) => error);
  check('dynamodb ConditionalCheckFailedException', conditional instanceof ConditionalCheckFailedException);

  const Key = `${pk}/a.txt`;
  await s3().send(new PutObjectCommand({ Bucket, Key, Body: 'hello', ContentType: 'text/plain' }));
  const object = await s3().send(new GetObjectCommand({ Bucket, Key }));
  check('s3 get', (await object.Body?.transformToString()) === 'hello' && object.ContentType === 'text/plain');
  check('s3 list', (await s3().send(new ListObjectsV2Command({ Bucket, Prefix: `${pk}/` }))).Contents?.[0]?.Key === Key);
  const missing = await s3().send(new GetObjectCommand({ Bucket, Key: `${pk}/missing` })).catch((error: unknown) => error);
  check('s3 NoSuchKey', missing instanceof NoSuchKey);
  const post = await createPresignedPost(s3(), {
    Bucket,
    Key: `${pk}/b.txt`,
    Conditions: [['content-length-range', 1, 100]],
    Fields: { 'Content-Type': 'text/plain' },
    Expires: 60,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
  form.append('file', new Blob(['posted']), 'b.txt');
  check('s3 presigned post', (await fetch(post.url, { method: 'POST', body: form })).ok);
  const deleted = await s3().send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key }, { Key: `${pk}/b.txt` }] } }));
  check('s3 delete objects', deleted.Deleted?.length === 2);

  const mail = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: MAIL_FROM,
      Destination: { ToAddresses: ['bundled-sdk@example.com'] },
      Content: { Simple: { Subject: { Data: 'bundled SDK' }, Body: { Text: { Data: 'hello' } } } },
    }),
  );
  check('ses send', !!mail.MessageId);

  const nobody = await cognito()
    .send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: 'nobody@example.com' }))
    .catch((error: unknown) => error);
  check('cognito UserNotFoundException', nobody instanceof UserNotFoundException);
}
