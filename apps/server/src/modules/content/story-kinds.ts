import type { Announcement, NewsDetail } from '@meridian/contract/content';
import type { StaffAnnouncementVersion, StaffNewsVersion } from '@meridian/contract/content-staff';
import type { DbOrTx } from '../../db/database';
import * as repository from './content.repository';
import { announcement, newsDetailOf } from './content.service';

/**
 * What the staff's story actions (stories-staff.service.ts) need of one kind of story: news and
 * announcements are both stories, one version per language under one slug, drafted, published and
 * taken down alike. A kind names its rows' reads and writes, its views, and its audit and error
 * names; the actions are written once.
 */
export type StoryKind<Row extends StoryRow, StaffView, CustomerView> = {
  /** The audit's names: `content.<name>_saved`, a target `<name>:<id>`. */
  name: 'news' | 'announcement';
  /** The staff lists' export name (`staff.list_export`). */
  list: 'news' | 'announcements';
  unknown: 'error.news_unknown' | 'error.announcement_unknown';
  lockStory(db: DbOrTx, slug: string): Promise<Row[]>;
  findById(db: DbOrTx, id: number): Promise<Row | undefined>;
  update(db: DbOrTx, id: number, values: { published: boolean; publishedAt?: Date }): Promise<Row>;
  deleteVersion(db: DbOrTx, id: number): Promise<void>;
  listStories(
    db: DbOrTx,
    window: Parameters<typeof repository.listNewsStories>[1],
  ): Promise<{ rows: Row[]; total: number }>;
  staffView(row: Row): StaffView;
  customerView(row: Row): CustomerView;
  /** Whether the version is the story's required default-language one (it goes only last). */
  isDefault(row: Row): boolean;
};

export type StoryRow = { id: number; slug: string; language: string; published: boolean; publishedAt: Date };

export const NEWS_STORIES: StoryKind<repository.NewsRow, StaffNewsVersion, NewsDetail> = {
  name: 'news',
  list: 'news',
  unknown: 'error.news_unknown',
  lockStory: repository.lockNewsStory,
  findById: repository.findNewsById,
  update: repository.updateNewsVersion,
  deleteVersion: repository.deleteNewsVersion,
  listStories: repository.listNewsStories,
  staffView: newsVersionView,
  customerView: newsDetailOf,
  isDefault: (row) => row.isDefault,
};

export const ANNOUNCEMENT_STORIES: StoryKind<
  repository.AnnouncementRow,
  StaffAnnouncementVersion,
  Announcement
> = {
  name: 'announcement',
  list: 'announcements',
  unknown: 'error.announcement_unknown',
  lockStory: repository.lockAnnouncementStory,
  findById: repository.findAnnouncementById,
  update: repository.updateAnnouncementVersion,
  deleteVersion: repository.deleteAnnouncementVersion,
  listStories: repository.listAnnouncementStories,
  staffView: announcementVersionView,
  customerView: announcement,
  // Announcements have no default-language version: any draft may go.
  isDefault: () => false,
};

export function newsVersionView(row: repository.NewsRow): StaffNewsVersion {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language,
    category_id: row.categoryId,
    title: row.title,
    desc: row.description,
    logo: row.logo,
    content: row.content,
    published: row.published,
    published_at: row.publishedAt.toISOString(),
    is_default: row.isDefault,
  };
}

export function announcementVersionView(row: repository.AnnouncementRow): StaffAnnouncementVersion {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language,
    title: row.title,
    content: row.content,
    published: row.published,
    published_at: row.publishedAt.toISOString(),
  };
}
