import type { CoreContext } from './context';
import type { Handlers } from './handler-types';
import type { Workspace } from './workspace';

/**
 * A feature plugs into the core in one place (core/features.ts): it implements its contract
 * methods and may run background work while a session has its workspace open.
 */
export interface Feature {
  name: string;
  handlers(ctx: CoreContext): Partial<Handlers>;
  /** Called when a signed-in session opens a workspace; returns the function that stops the work. */
  attach?(ws: Workspace, ctx: CoreContext): () => void;
}
