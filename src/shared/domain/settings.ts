import { z } from 'zod';
import { BaseUrl, nonEmpty, text } from './common';
import { lazy } from '../lazy';
import { fold } from '../text/case';

export const languages = ['tr', 'en'] as const;
export const Language = lazy(() => z.enum(languages));
export type Language = z.infer<typeof Language>;

export const TimestampUnit = lazy(() => z.enum(['ms', 's']));
export type TimestampUnit = z.infer<typeof TimestampUnit>;

export const StorageCode = lazy(() =>
  z
    .string()
    .trim()
    .min(1)
    .max(50)
    // The reason tells the worker what a code may hold (a space is the usual slip).
    .refine((c) => /^[\p{L}\p{N}._\-/]+$/u.test(c), {
      message: 'letters, digits and . _ - / only',
      params: { reason: 'storage_code_chars' },
    }),
);

/**
 * The connection's own spelling of a storage code typed or scanned in other letters ("iade-01",
 * "İADE-01" or "IADE-01" on a US keyboard for IADE-01), compared the way a Turkish warehouse types
 * (text/case.ts `fold`); a code of no shelf of the connection is kept as it is.
 */
export function shelfOf(code: string, storageCodes: readonly string[]): string {
  const c = code.trim();
  const key = fold(c);
  return storageCodes.find((s) => fold(s) === key) ?? c;
}

/** A connection profile: where the service is and how to talk to it. Never holds a password. */
export const Profile = lazy(() =>
  z.object({
    id: z.string().max(64),
    name: nonEmpty(80),
    omsUrl: BaseUrl,
    pimUrl: BaseUrl,
    companyId: z.number().int().min(0).max(2_147_483_647),
    storageCodes: z.array(StorageCode).max(200),
    timestampUnit: TimestampUnit,
    pageSize: z.number().int().min(1).max(500),
    /** Last user name that signed in with this profile (pre-filled on the sign-in screen). */
    userName: text(200).nullable(),
    /** True when a password for this profile is kept in the OS secret store. */
    remembered: z.boolean(),
    /** The built-in training profile that points at the in-process sandbox. */
    training: z.boolean(),
  }),
);
export type Profile = z.infer<typeof Profile>;

/**
 * True for an http:// address that is not this computer: a password or token sent there crosses
 * the network readable. Saving such a profile needs an administrator's explicit acceptance.
 */
export function sendsCredentialsInClear(address: string): boolean {
  let u: URL;
  try {
    u = new URL(address);
  } catch {
    return false;
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return u.protocol === 'http:' && !(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host));
}

export const ProfileInput = lazy(() =>
  z.strictObject({
    id: z.string().max(64).optional(),
    name: nonEmpty(80),
    omsUrl: BaseUrl,
    pimUrl: BaseUrl,
    companyId: z.number().int().min(0).max(2_147_483_647),
    storageCodes: z.array(StorageCode).max(200),
    timestampUnit: TimestampUnit.default('ms'),
    pageSize: z.number().int().min(1).max(500).default(100),
    /** An administrator accepts an http:// address that is not loopback (credentials travel unencrypted). */
    allowInsecureHttp: z.boolean().optional(),
  }),
);
export type ProfileInput = z.input<typeof ProfileInput>;

export const ScannerSettings = lazy(() =>
  z.object({
    /** Characters the scanner sends before a code (often empty). */
    prefix: text(10),
    /** Key that ends a code. */
    suffix: z.enum(['Enter', 'Tab', 'none']),
    /** Longest pause between two characters of one scan, in ms. Humans type slower. */
    maxInterKeyMs: z.number().int().min(5).max(200),
    /** Codes shorter than this are treated as typing. */
    minLength: z.number().int().min(1).max(64),
    /** Decode characters from KeyboardEvent.code (physical keys, US layout) instead of KeyboardEvent.key. */
    usePhysicalKeys: z.boolean(),
    sound: z.boolean(),
    /**
     * The character the scanner sends for FNC1, the separator inside GS1 codes, when it cannot send
     * GS (ASCII 29), as many keyboard wedges cannot; '' = it sends GS. Never a letter or a digit.
     */
    gsSubstitute: z.string().regex(/^[^\p{L}\p{N}\s]?$/u),
  }),
);
export type ScannerSettings = z.infer<typeof ScannerSettings>;

export const AppSettings = lazy(() =>
  z.object({
    language: Language,
    activeProfileId: z.string().max(64).nullable(),
    scanner: ScannerSettings,
    /** Background package sync interval in minutes; 0 turns it off. */
    syncIntervalMinutes: z.number().int().min(0).max(1440),
    /** Base URL that relative product and attachment image paths are resolved against. */
    imageBaseUrl: z.union([BaseUrl, z.literal('')]),
    /** Name of this PC on counts and their exports ('' = the computer's host name). */
    stationName: text(40),
    /**
     * CSV exports with the machine-readable column names and values (`storage_code`, `recount`,
     * `accept` …) for another program; otherwise (the default) in the worker's language.
     */
    exportCodes: z.boolean(),
  }),
);
export type AppSettings = z.infer<typeof AppSettings>;

export const AppSettingsPatch = lazy(() =>
  z.strictObject({
    language: Language.optional(),
    activeProfileId: z.string().max(64).nullable().optional(),
    scanner: ScannerSettings.partial().strict().optional(),
    syncIntervalMinutes: z.number().int().min(0).max(1440).optional(),
    imageBaseUrl: z.union([BaseUrl, z.literal('')]).optional(),
    /**
     * An administrator accepts an image server over http:// on another computer (customers' return
     * photos would cross the network unencrypted); never stored.
     */
    allowInsecureImages: z.boolean().optional(),
    /** Printed on labels and exports: no control characters (a NUL was accepted, issue 47 item 10). */
    stationName: text(40)
      .refine((s) => !/\p{Cc}/u.test(s), { message: 'control characters', params: { reason: 'station_name_control_chars' } })
      .optional(),
    exportCodes: z.boolean().optional(),
  }),
);
export type AppSettingsPatch = z.infer<typeof AppSettingsPatch>;

export const defaultSettings: AppSettings = {
  language: 'tr',
  activeProfileId: null,
  scanner: {
    prefix: '',
    suffix: 'Enter',
    maxInterKeyMs: 35,
    minLength: 4,
    usePhysicalKeys: true,
    sound: true,
    gsSubstitute: '',
  },
  syncIntervalMinutes: 15,
  imageBaseUrl: '',
  stationName: '',
  exportCodes: false,
};
