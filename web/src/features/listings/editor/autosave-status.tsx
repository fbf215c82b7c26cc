import { CheckIcon, CloudOffIcon } from 'lucide-react';
import { isRetryableSaveError } from './use-listing-autosave';
import type { AutosaveState } from './autosave';

/** What a failed save tells the user: the server's message, or what to fix. */
export function saveErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'The draft could not be saved.';
}

/**
 * The small line under the drawer's title. After a network failure it says the draft will be sent
 * again (and it is, by the retry or the next edit); the form keeps every character meanwhile.
 */
export function AutosaveStatusText({ state }: { state: AutosaveState }) {
  const failedBefore = state.error !== undefined && isRetryableSaveError(state.error);
  let text: string;
  if (state.status === 'retrying' || (failedBefore && state.status === 'pending')) text = 'Not saved — will retry';
  else if (state.status === 'saving') text = 'Saving…';
  else if (state.status === 'pending') text = 'Unsaved changes';
  else if (state.status === 'failed') text = 'Not saved';
  else text = 'All changes saved';
  const problem = text.startsWith('Not saved');
  return (
    <p role="status" className={problem ? 'flex items-center gap-1 text-xs text-destructive' : 'flex items-center gap-1 text-xs text-muted-foreground'}>
      {problem ? <CloudOffIcon className="size-3.5" aria-hidden="true" /> : state.status === 'saved' && <CheckIcon className="size-3.5" aria-hidden="true" />}
      {text}
    </p>
  );
}
