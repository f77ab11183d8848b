import type { StoryVersion } from './content-api';

/** The story-wide fields of news: every language version shares its category and cover. */
export type SharedFields = { category_id: number; logo: string };

export type VersionFields = { title: string; desc: string; content: string };

/** Green: customers read it; gold: a draft; grey: not written yet. */
export function versionStatus(version: StoryVersion | undefined): 'published' | 'draft' | 'missing' {
  if (!version) return 'missing';
  return version.published ? 'published' : 'draft';
}
