/** What every SDK client of the local stack uses: the emulators accept any key, region is fixed. */
export const LOCAL_REGION = 'us-east-1';
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
