import { config } from 'zod/mini';
import { en } from 'zod/locales';

/**
 * The one zod of the product: zod/mini (a fraction of classic zod's size in every Lambda and page) with
 * classic's English messages. Mini loads no locale, so every default message would read "Invalid input";
 * the API answers with them in `fieldErrors`. Import `z` from here, never from 'zod' itself.
 */
config(en());

export * from 'zod/mini';
