import type { StoryVersion } from './content-api';

/** The story-wide fields of news: every language version shares its category and cover. */
export type SharedFields = { category_id: number; logo: string };

export type VersionFields = { title: string; desc: string; content: string };

type VersionStatus = 'published' | 'draft' | 'missing';

/** Green: customers read it; gold: a draft; grey: not written yet. */
export function versionStatus(version: Pick<StoryVersion, 'published'> | undefined): VersionStatus {
  if (!version) return 'missing';
  return version.published ? 'published' : 'draft';
}

/** Each status's tag colour, in the stories list and in a version's pane alike. */
export const VERSION_STATUS_COLORS: Record<VersionStatus, string> = {
  published: 'green',
  draft: 'gold',
  missing: 'default',
};
