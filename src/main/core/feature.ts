import type { CoreContext } from './context';
import type { Handlers } from './handler-types';
import type { OutboxSender } from './outbox/outbox';
import type { Workspace } from './workspace';

/**
 * A feature plugs into the core in one place (core/features.ts): it implements its contract
 * methods, declares its outbox senders, and may run background work while a session has its workspace open.
 */
export interface Feature {
  name: string;
  handlers(ctx: CoreContext): Partial<Handlers>;
  /** The kinds of write it queues in the outbox and how each is sent (gathered by createCore). */
  senders?: readonly OutboxSender[];
  /** Called when a signed-in session opens a workspace; returns the function that stops the work. */
  attach?(ws: Workspace, ctx: CoreContext): () => void;
}
