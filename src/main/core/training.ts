import { AppError } from './errors';
import type { ProfilesRepo } from './settings/profiles-repo';
import { TRAINING_PROFILE_ID } from './settings/profiles-repo';

export interface TrainingOptions {
  seed?: number;
  packages?: number;
  returns?: number;
}

/** A simulated service running on loopback for training, with the user training signs in as. */
export interface TrainingService {
  url: string;
  userName: string;
  password: string;
  close(): Promise<void>;
}

/**
 * Starts the training service. The host passes it in `CoreOptions.trainingService` (the sandbox),
 * so the core never imports the sandbox.
 */
export type StartTrainingService = (options: Required<TrainingOptions>) => Promise<TrainingService>;

/** Training mode: the sandbox runs inside the app on loopback and a fixed profile points at it. */
export class Training {
  private sandbox: TrainingService | null = null;

  constructor(
    private profiles: ProfilesRepo,
    private startService: StartTrainingService | undefined,
    private options: TrainingOptions = {},
    /** Called when a new sandbox was started (its data replaces whatever training left behind). */
    private onFresh: () => void = () => undefined,
  ) {}

  current(): TrainingService | null {
    return this.sandbox;
  }

  async start(): Promise<{ profileId: string; userName: string; password: string }> {
    if (!this.sandbox) {
      if (!this.startService) throw new AppError('unavailable', 'this host has no training service', { reason: 'no_training' });
      this.sandbox = await this.startService({
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
    return { profileId: TRAINING_PROFILE_ID, userName: this.sandbox.userName, password: this.sandbox.password };
  }

  async stop(): Promise<void> {
    const s = this.sandbox;
    this.sandbox = null;
    await s?.close();
  }
}

/**
 * A file made in training says so in its name (`training-count-A-01-….csv`): practice counts and
 * inspections of made-up customers looked exactly like the day's real ones.
 */
export function trainingFile<T extends { filename: string }>(ws: { profile: { training: boolean } }, file: T): T {
  return ws.profile.training ? { ...file, filename: `training-${file.filename}` } : file;
}
