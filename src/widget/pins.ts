/**
 * Pinned results: a reader's favourite sections, kept per endpoint (stored.ts survives storage
 * failures) and shown beside the recent searches when the box is empty.
 */
import { isRecord } from '../core/is-record.ts';
import { WIDGET_DEFAULTS } from './options.ts';
import { defaultStorage, StoredList, type StorageLike } from './stored.ts';

/** What a pin keeps of a result: enough to show it and follow it without asking the Worker. */
export interface Pin {
  url: string;
  title: string;
  /** The page's title (the result's group), shown under the section's. */
  page: string;
}

const isPin = (p: unknown): p is Pin =>
  isRecord(p) && typeof p.url === 'string' && p.url !== '' && typeof p.title === 'string' && typeof p.page === 'string' && p.url.length + p.title.length + p.page.length <= WIDGET_DEFAULTS.pinMaxLength;

/** The pins stored under `key` (WIDGET_DEFAULTS.pinKeyPrefix plus the resolved endpoint), one per URL, newest first. */
export const pinnedResults = (key: string, storage: StorageLike | null = defaultStorage()): StoredList<Pin> =>
  new StoredList<Pin>(key, WIDGET_DEFAULTS.pinMax, isPin, (p) => p.url, storage);
