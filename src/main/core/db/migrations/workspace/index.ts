import type { Migration } from '../../migration';
import { m001Packages } from './001-packages';
import { m002Outbox } from './002-outbox';
import { m003Counts } from './003-counts';
import { m004Returns } from './004-returns';
import { m005Notifications } from './005-notifications';
import { m006Products } from './006-products';
import { m008OutboxLease } from './008-outbox-lease';
import { m009ScanGs1 } from './009-scan-gs1';
import { m010CompactCache } from './010-compact-cache';
import { m012CountWhoWhen } from './012-count-who-when';
import { m013CountTrust } from './013-count-trust';
import { m014ReturnIndexes } from './014-return-indexes';
import { m015ProductCodes } from './015-product-codes';
import { m016NameCodes } from './016-name-codes';
import { m017ItemTokens } from './017-item-tokens';
import { m018ReturnNameKeys } from './018-return-name-keys';
import { m019IndexMerges } from './019-index-merges';
import { m020Connection } from './020-connection';
import { m021OutboxService } from './021-outbox-service';
import { m023NameWords } from './023-name-words';
import { m024OutboxAnswers } from './024-outbox-answers';

/**
 * Migrations of a profile's workspace database (cache, counts, outbox ...). One workspace file per
 * connection profile keeps training data and real data apart. Append only; never renumber. Numbers
 * rise but may skip (each open issue was given its own number).
 */
export const workspaceMigrations: readonly Migration[] = [
  m001Packages,
  m002Outbox,
  m003Counts,
  m004Returns,
  m005Notifications,
  m006Products,
  m008OutboxLease,
  m009ScanGs1,
  m010CompactCache,
  m012CountWhoWhen,
  m013CountTrust,
  m014ReturnIndexes,
  m015ProductCodes,
  m016NameCodes,
  m017ItemTokens,
  m018ReturnNameKeys,
  m019IndexMerges,
  m020Connection,
  m021OutboxService,
  m023NameWords,
  m024OutboxAnswers,
];
