import type { Announcement, NewsDetail } from '@meridian/contract/content';
import type {
  PublishStoryRequest,
  SaveAnnouncementRequest,
  SaveCompanyRequest,
  SaveCompanySettingsRequest,
  SaveNewsRequest,
  StaffAnnouncementPage,
  StaffAnnouncementVersion,
  StaffCompany,
  StaffCompanySettings,
  StaffContentOptions,
  StaffNewsPage,
  StaffNewsVersion,
} from '@meridian/contract/content-staff';
import type { ListSort } from '@meridian/contract/list-sort';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

/** News or announcements: the two kinds of story share their screens. */
export type StoryKind = 'news' | 'announcements';

/** One language version as the editor handles it (an announcement has no category, summary or cover). */
export type StoryVersion = StaffNewsVersion | (StaffAnnouncementVersion & Partial<StaffNewsVersion>);
export type Story = { slug: string; versions: StoryVersion[] };
type StoryPage = { list: Story[]; total: number; page: number; limit: number };

export const STORIES_KEY = (kind: StoryKind) => ['content', kind] as const;
export const COMPANIES_KEY = ['content', 'companies'] as const;
export const COMPANY_SETTINGS_KEY = ['content', 'company-settings'] as const;

/** GET /admin/api/content/news or /announcements: stories newest first (or sorted by the server), every language version. */
export function useStories(kind: StoryKind, page: number, limit: number, sort?: ListSort) {
  return useQuery({
    queryKey: [...STORIES_KEY(kind), { page, limit, sort: sort?.sort, order: sort?.order }],
    queryFn: () =>
      adminApi<StaffNewsPage | StaffAnnouncementPage>('GET', `/content/${kind}`, {
        page,
        limit,
        sort: sort?.sort,
        order: sort?.order,
      }) as Promise<StoryPage>,
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/api/content/options: the news categories and the built-in covers. */
export function useContentOptions() {
  return useQuery({
    queryKey: ['content', 'options'],
    queryFn: () => adminApi<StaffContentOptions>('GET', '/content/options'),
    staleTime: 10 * 60_000,
  });
}

type SaveStoryInput =
  | ({ kind: 'news' } & Omit<SaveNewsRequest, 't'>)
  | ({ kind: 'announcements' } & Omit<SaveAnnouncementRequest, 't'>);

/** POST /admin/api/content/<kind>/save: a new story (no slug) or one language version of a story. */
export function saveStory({ kind, ...fields }: SaveStoryInput) {
  return adminApi<StoryVersion>('POST', `/content/${kind}/save`, fields);
}

/** POST /admin/api/content/<kind>/publish: one version, or every version when no language is given. */
export function publishStory(kind: StoryKind, input: Omit<PublishStoryRequest, 't'>) {
  return adminApi<Story>('POST', `/content/${kind}/publish`, input);
}

/** POST /admin/api/content/<kind>/delete: a draft version. */
export function deleteStoryVersion(kind: StoryKind, id: number) {
  return adminApi<{ id: number; slug: string }>('POST', `/content/${kind}/delete`, { id });
}

/** GET /admin/api/content/<kind>/preview: the version exactly as the customer app receives it. */
export function previewStory(kind: StoryKind, id: number) {
  return adminApi<NewsDetail | Announcement>('GET', `/content/${kind}/preview`, { id });
}

export function useCompanies() {
  return useQuery({
    queryKey: COMPANIES_KEY,
    queryFn: () => adminApi<StaffCompany[]>('GET', '/content/companies'),
  });
}

export function saveCompany(input: Omit<SaveCompanyRequest, 't'>) {
  return adminApi<StaffCompany>('POST', '/content/companies/save', input);
}

export function useCompanySettings() {
  return useQuery({
    queryKey: COMPANY_SETTINGS_KEY,
    queryFn: () => adminApi<StaffCompanySettings>('GET', '/content/company_settings'),
  });
}

export function saveCompanySettings(input: Omit<SaveCompanySettingsRequest, 't'>) {
  return adminApi<StaffCompanySettings>('POST', '/content/company_settings/save', input);
}
