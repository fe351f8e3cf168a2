import { clockOf, type Clock } from '../clock';
import { nodeCrypto } from '../builtins';
import { Profile, sendsCredentialsInClear, type ProfileInput } from '../../../shared/domain/settings';
import type { Db } from '../db/open';
import { AppError } from '../errors';

/** A connection's columns, as app.db's profiles and a workspace's connection (migration 020) both keep them. */
export interface ConnectionColumns {
  name: string;
  oms_url: string;
  pim_url: string;
  company_id: number;
  storage_codes: string;
  timestamp_unit: string;
  page_size: number;
  user_name: string | null;
}

interface ProfileRow extends ConnectionColumns {
  id: string;
  training: number;
  verifier: string | null;
  secret: Buffer | null;
}

export const TRAINING_PROFILE_ID = 'training';

type ConnectionValues = Pick<Profile, 'id' | 'name' | 'omsUrl' | 'pimUrl' | 'companyId' | 'storageCodes' | 'timestampUnit' | 'pageSize'>;

/** A connection's values as those columns are written (the statements' named parameters). */
export function connectionParams(p: ConnectionValues) {
  return {
    id: p.id,
    name: p.name,
    omsUrl: p.omsUrl,
    pimUrl: p.pimUrl,
    companyId: p.companyId,
    storageCodes: JSON.stringify([...new Set(p.storageCodes)]),
    timestampUnit: p.timestampUnit,
    pageSize: p.pageSize,
  };
}

/** Those columns read back (not checked: Profile.parse checks them where they become a profile). */
export function fromConnectionColumns(row: ConnectionColumns) {
  return {
    name: row.name,
    omsUrl: row.oms_url,
    pimUrl: row.pim_url,
    companyId: row.company_id,
    storageCodes: JSON.parse(row.storage_codes) as unknown,
    timestampUnit: row.timestamp_unit,
    pageSize: row.page_size,
    userName: row.user_name,
  };
}

function toProfile(row: ProfileRow): Profile {
  return Profile.parse({ id: row.id, ...fromConnectionColumns(row), remembered: row.secret !== null, training: row.training === 1 });
}

/** Whether saving `next` points the profile at another service or company. */
export function profileMoved(
  existing: { oms_url: string; pim_url: string; company_id: number },
  next: { omsUrl: string; pimUrl: string; companyId: number },
): boolean {
  return existing.oms_url !== next.omsUrl || existing.pim_url !== next.pimUrl || existing.company_id !== next.companyId;
}

export function createProfilesRepo(db: Db, clock: Clock = clockOf()) {
  const selectAll = db.prepare<[], ProfileRow>('SELECT * FROM profiles ORDER BY training DESC, name COLLATE NOCASE');
  const selectOne = db.prepare<[string], ProfileRow>('SELECT * FROM profiles WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO profiles (id, name, oms_url, pim_url, company_id, storage_codes, timestamp_unit, page_size, training, created_at, updated_at)
     VALUES (@id, @name, @omsUrl, @pimUrl, @companyId, @storageCodes, @timestampUnit, @pageSize, @training, @now, @now)`,
  );
  const updateStmt = db.prepare(
    `UPDATE profiles SET name = @name, oms_url = @omsUrl, pim_url = @pimUrl, company_id = @companyId,
       storage_codes = @storageCodes, timestamp_unit = @timestampUnit, page_size = @pageSize, updated_at = @now
     WHERE id = @id`,
  );
  const deleteStmt = db.prepare<[string]>('DELETE FROM profiles WHERE id = ?');
  const setUser = db.prepare<[string | null, string | null, string]>('UPDATE profiles SET user_name = ?, verifier = ? WHERE id = ?');
  const setSecretStmt = db.prepare<[Buffer | null, string]>('UPDATE profiles SET secret = ? WHERE id = ?');
  const forgetCredentials = db.prepare<[string]>('UPDATE profiles SET secret = NULL, verifier = NULL WHERE id = ?');

  return {
    list: (): Profile[] => selectAll.all().map(toProfile),
    find: (id: string): Profile | undefined => {
      const row = selectOne.get(id);
      return row ? toProfile(row) : undefined;
    },
    get(id: string): Profile {
      const row = selectOne.get(id);
      if (!row) throw new AppError('not_found', `no connection profile ${id}`, { reason: 'profile_not_found' });
      return toProfile(row);
    },
    /**
     * Refuses what `save` would refuse (an http:// address on another computer without the
     * administrator's tick, the training profile, an id that is no profile), writing nothing.
     */
    check(input: ProfileInput & { training?: boolean }): void {
      const clear = [input.omsUrl, input.pimUrl].find(sendsCredentialsInClear);
      if (clear && !input.allowInsecureHttp && !input.training) {
        throw new AppError(
          'needs_confirmation',
          `${clear} is http:// on another computer: the password and token would cross the network unencrypted. Use https://, or an administrator accepts the warning.`,
          { reason: 'insecure_http', address: clear },
        );
      }
      if (input.id === undefined) return;
      const existing = selectOne.get(input.id);
      if (existing && existing.training === 1 && !input.training)
        throw new AppError('forbidden', 'the training profile cannot be edited', { reason: 'training_profile' });
      if (!existing && !input.training)
        throw new AppError('not_found', `no connection profile ${input.id}`, { reason: 'profile_not_found' });
    },
    save(input: ProfileInput & { training?: boolean }): Profile {
      const now = clock.iso();
      const values = {
        ...connectionParams({
          ...input,
          id: input.id ?? nodeCrypto().randomUUID(),
          timestampUnit: input.timestampUnit ?? 'ms',
          pageSize: input.pageSize ?? 100,
        }),
        training: input.training ? 1 : 0,
        now,
      };
      this.check(input);
      const existing = selectOne.get(values.id);
      if (existing) {
        // A changed address or company: the remembered password (and the offline check of it) was
        // for another service; it is forgotten and the next sign-in asks for it.
        if (profileMoved(existing, values)) forgetCredentials.run(values.id);
        updateStmt.run(values);
      } else {
        insert.run(values);
      }
      return this.get(values.id);
    },
    /**
     * Takes back a connection its workspace kept (workspace.ts, connectionsToRecover) into a fresh
     * app.db, under its own id so the workspace is its again. Checked as any profile is.
     */
    restore(kept: { id: string } & ReturnType<typeof fromConnectionColumns>): Profile {
      const p = Profile.parse({ ...kept, remembered: false, training: false });
      insert.run({ ...connectionParams(p), training: 0, now: clock.iso() });
      if (p.userName) setUser.run(p.userName, null, p.id);
      return this.get(p.id);
    },
    remove(id: string): boolean {
      return deleteStmt.run(id).changes === 1;
    },
    verifier: (id: string): { userName: string | null; verifier: string | null } => {
      const row = selectOne.get(id);
      return { userName: row?.user_name ?? null, verifier: row?.verifier ?? null };
    },
    setUser(id: string, userName: string, verifier: string | null) {
      setUser.run(userName, verifier, id);
    },
    secret: (id: string): Buffer | null => selectOne.get(id)?.secret ?? null,
    setSecret(id: string, secret: Buffer | null) {
      setSecretStmt.run(secret, id);
    },
  };
}

export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
