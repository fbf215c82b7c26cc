/** What every SDK client of the local stack uses: the emulators accept any key, region is fixed. */
export const LOCAL_REGION = 'us-east-1';
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** How every local access key begins (the S3 emulator accepts each of them). */
export const LOCAL_KEY_PREFIX = 'local';

/**
 * The key every client of one table signs with. DynamoDB Local in memory keeps a database per access key,
 * and one database slows with all it holds (a put 4 ms with 5,000 items in it, 22 ms with 40,000; a stream
 * read 9 against 27 ms): the tables of a test run, each under its own key, stay as fast as the first.
 * DynamoDB Local accepts letters and digits only in a key.
 */
export const tableCredentials = (tableName: string) => ({
  accessKeyId: `${LOCAL_KEY_PREFIX}${tableName.replace(/[^A-Za-z0-9]/g, '')}`,
  secretAccessKey: localCredentials.secretAccessKey,
});
