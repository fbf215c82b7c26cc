import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { adminFunctionFor } from '../../shared/api/routes';
import { parseAdminEvent, type AdminEvent, type AdminResult } from './command';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Runs an admin command in this process, through the handler of the admin function a stage would
 * invoke for it (`npm run admin` without --stage, and the tests). The handlers read process.env.
 */
export async function runAdminCommand(event: AdminEvent | Record<string, unknown>): Promise<AdminResult> {
  const command = parseAdminEvent(event);
  if ('ok' in command) return command;
  const { entry } = adminFunctionFor(command.action);
  const module = (await import(pathToFileURL(path.join(projectRoot, entry)).href)) as { handler: (event: unknown) => Promise<AdminResult> };
  return module.handler(event);
}
