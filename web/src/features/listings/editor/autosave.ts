/**
 * The listing editor's autosave (spec 02 §4 "Listing editor flow", §9): an edit in a section is taken
 * 750 ms after that section's last change; sections taken within 300 ms of each other are merged into
 * one save. The form is the source of truth and every save sends the whole draft, so a save that fails
 * loses nothing: the next one carries the same edits again.
 *
 * Framework-free so its timing is tested with fake timers; `useListingAutosave` binds it to the form.
 */
export const SECTION_DELAY_MS = 750;
export const MERGE_DELAY_MS = 300;
/** After a failed save the draft is sent again on its own, waiting longer each time up to the cap. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000] as const;

/** The form's sections, and the photos' order (the image section's uploads save through their own calls). */
export type AutosaveSection = 'header' | 'address' | 'details' | 'photos';

export type AutosaveStatus =
  /** Nothing to save. */
  | 'saved'
  /** Edits wait for their section or merge delay. */
  | 'pending'
  | 'saving'
  /** The last save failed and will be retried (network trouble, 5xx). */
  | 'retrying'
  /** The last save was refused and will not be retried until the next edit (4xx, invalid draft). */
  | 'failed';

export interface AutosaveState {
  readonly status: AutosaveStatus;
  /** The failure of the last save, cleared by the next successful one. */
  readonly error: unknown;
}

export interface AutosaveOptions {
  /** Sends the whole current draft; rejects when it could not be saved. */
  readonly save: () => Promise<void>;
  readonly onStateChange?: (state: AutosaveState) => void;
  /** Whether a failed save is worth repeating without a new edit (default: always). */
  readonly isRetryable?: (error: unknown) => boolean;
}

type Timer = ReturnType<typeof setTimeout>;

export class Autosave {
  private readonly sectionTimers = new Map<AutosaveSection, Timer>();
  private mergeTimer: Timer | undefined;
  private retryTimer: Timer | undefined;
  private retryCount = 0;
  /** Edits counted since the editor opened, and how many of them the server has. */
  private editCount = 0;
  private savedEditCount = 0;
  private inFlight: Promise<void> | undefined;
  private disposed = false;
  private current: AutosaveState = { status: 'saved', error: undefined };

  constructor(private readonly options: AutosaveOptions) {}

  get state(): AutosaveState {
    return this.current;
  }

  /** True while some edit has not reached the server. */
  get isDirty(): boolean {
    return this.editCount > this.savedEditCount;
  }

  /** Records an edit in a section; its save follows once the section and the merge delay have passed. */
  change(section: AutosaveSection): void {
    if (this.disposed) return;
    this.editCount++;
    this.clearRetry();
    clearTimeout(this.sectionTimers.get(section));
    this.sectionTimers.set(
      section,
      setTimeout(() => {
        this.sectionTimers.delete(section);
        this.scheduleMerge();
      }, SECTION_DELAY_MS),
    );
    if (this.current.status !== 'saving') this.setState('pending', this.current.error);
  }

  /**
   * Saves now whatever is not yet on the server (drawer closing, Save Draft, Publish) and resolves when
   * the server has every edit made so far; rejects with the save's error otherwise.
   */
  async flush(): Promise<void> {
    if (this.disposed) return;
    this.clearTimers();
    // A save already under way may predate the latest edits: wait for it, then send the rest.
    if (this.inFlight) await this.inFlight.catch(() => undefined);
    if (!this.isDirty) {
      if (this.current.status !== 'saved') this.setState('saved', undefined);
      return;
    }
    await this.run();
  }

  /**
   * The edits not yet saved are given up (the broker reloaded the version someone else saved): nothing is
   * left to save until the next edit.
   */
  discardEdits(): void {
    this.clearTimers();
    this.savedEditCount = this.editCount;
    this.setState('saved', undefined);
  }

  /** Stops every timer; nothing is saved afterwards (the draft was abandoned or published). */
  dispose(): void {
    this.disposed = true;
    this.clearTimers();
  }

  private scheduleMerge(): void {
    clearTimeout(this.mergeTimer);
    this.mergeTimer = setTimeout(() => {
      this.mergeTimer = undefined;
      // A save already in flight is followed by another one (see run): nothing to do here twice.
      void this.saveInBackground();
    }, MERGE_DELAY_MS);
  }

  private async saveInBackground(): Promise<void> {
    if (this.disposed || !this.isDirty) return;
    await this.run().catch(() => undefined);
  }

  /** One save at a time; edits made while it runs are sent by the next save right after. */
  private run(): Promise<void> {
    if (this.inFlight) {
      return this.inFlight.catch(() => undefined).then(() => (this.isDirty ? this.run() : undefined));
    }
    const editsIncluded = this.editCount;
    this.setState('saving', this.current.error);
    const attempt = this.options
      .save()
      .then(() => {
        this.savedEditCount = Math.max(this.savedEditCount, editsIncluded);
        this.retryCount = 0;
        this.setState(this.isDirty ? 'pending' : 'saved', undefined);
      })
      .catch((error: unknown) => {
        const retryable = this.options.isRetryable?.(error) ?? true;
        this.setState(retryable ? 'retrying' : 'failed', error);
        if (retryable) this.scheduleRetry();
        throw error;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    this.inFlight = attempt;
    return attempt.then(() => {
      // Edits that arrived during the save and whose delays already passed go out now.
      if (this.isDirty && !this.hasTimers()) return this.run();
      return undefined;
    });
  }

  private scheduleRetry(): void {
    if (this.disposed) return;
    const delay = RETRY_DELAYS_MS[Math.min(this.retryCount, RETRY_DELAYS_MS.length - 1)];
    this.retryCount++;
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.saveInBackground();
    }, delay);
  }

  private hasTimers(): boolean {
    return this.sectionTimers.size > 0 || this.mergeTimer !== undefined || this.retryTimer !== undefined;
  }

  private clearRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private clearTimers(): void {
    for (const timer of this.sectionTimers.values()) clearTimeout(timer);
    this.sectionTimers.clear();
    clearTimeout(this.mergeTimer);
    this.mergeTimer = undefined;
    this.clearRetry();
  }

  private setState(status: AutosaveStatus, error: unknown): void {
    this.current = { status, error };
    this.options.onStateChange?.(this.current);
  }
}
