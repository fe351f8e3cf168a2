import { createSandbox, DEFAULT_USERS, type Sandbox } from '../sandbox/server';
import type { ProfilesRepo } from './settings/profiles-repo';
import { TRAINING_PROFILE_ID } from './settings/profiles-repo';

export const TRAINING_USER = Object.keys(DEFAULT_USERS)[0] as string;
export const TRAINING_PASSWORD = DEFAULT_USERS[TRAINING_USER] as string;

export interface TrainingOptions {
  seed?: number;
  packages?: number;
  returns?: number;
}

/** Training mode: the sandbox runs inside the app on loopback and a fixed profile points at it. */
export class Training {
  private sandbox: Sandbox | null = null;

  constructor(
    private profiles: ProfilesRepo,
    private options: TrainingOptions = {},
    /** Called when a new sandbox was started (its data replaces whatever training left behind). */
    private onFresh: () => void = () => undefined,
  ) {}

  current(): Sandbox | null {
    return this.sandbox;
  }

  async start(): Promise<{ profileId: string; userName: string; password: string }> {
    if (!this.sandbox) {
      this.sandbox = await createSandbox({
        seed: this.options.seed ?? 7,
        packages: this.options.packages ?? 400,
        returns: this.options.returns ?? 120,
      });
      this.onFresh();
    }
    this.profiles.save({
      id: TRAINING_PROFILE_ID,
      name: 'Training',
      omsUrl: this.sandbox.url,
      pimUrl: this.sandbox.url,
      companyId: 1,
      storageCodes: ['A-01-01', 'A-01-02', 'B-02-01', 'IADE-01'],
      timestampUnit: 'ms',
      pageSize: 100,
      training: true,
    });
    return { profileId: TRAINING_PROFILE_ID, userName: TRAINING_USER, password: TRAINING_PASSWORD };
  }

  async stop(): Promise<void> {
    const s = this.sandbox;
    this.sandbox = null;
    await s?.close();
  }
}
