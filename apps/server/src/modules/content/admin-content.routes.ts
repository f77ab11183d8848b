import { Announcement, NewsDetail } from '@meridian/contract/content';
import {
  PublishStoryRequest,
  SaveAnnouncementRequest,
  SaveCompanyRequest,
  SaveCompanySettingsRequest,
  SaveNewsRequest,
  StaffAnnouncementPage,
  StaffAnnouncementStory,
  StaffAnnouncementVersion,
  StaffCompany,
  StaffCompanyList,
  StaffCompanySettings,
  StaffContentOptions,
  StaffDeleted,
  StaffIdQuery,
  StaffIdRequest,
  StaffNewsPage,
  StaffNewsStory,
  StaffNewsVersion,
  StaffStoryQuery,
} from '@meridian/contract/content-staff';
import { StaffEmptyRequest } from '@meridian/contract/staff';
import { staffRoutesWith } from '../../http/back-office-group';
import { routeTable } from '../../http/route-table';
import * as companies from './companies-staff.service';
import * as stories from './stories-staff.service';
import { ANNOUNCEMENT_STORIES, NEWS_STORIES } from './story-kinds';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const editors = staffRoutesWith('content.edit');

/** News, announcements and company pages (role content); mounted under /admin/api behind the staff guard. */
export const contentBackOfficeRoutes = routeTable([
  editors.get(
    '/content/options',
    StaffEmptyRequest,
    StaffContentOptions,
    (context, staff, _query, { lang }) => stories.contentOptions(context, staff, lang),
  ),
  editors.get('/content/news', StaffStoryQuery, StaffNewsPage, (context, staff, query) =>
    stories.listStoriesForStaff(context, NEWS_STORIES, staff, query),
  ),
  editors.post('/content/news/save', SaveNewsRequest, StaffNewsVersion, stories.saveNews),
  editors.post('/content/news/publish', PublishStoryRequest, StaffNewsStory, (context, staff, body) =>
    stories.publishStory(context, NEWS_STORIES, staff, body),
  ),
  editors.post('/content/news/delete', StaffIdRequest, StaffDeleted, (context, staff, { id }) =>
    stories.deleteStory(context, NEWS_STORIES, staff, id),
  ),
  editors.get('/content/news/preview', StaffIdQuery, NewsDetail, (context, staff, { id }) =>
    stories.previewStory(context, NEWS_STORIES, staff, id),
  ),
  editors.get('/content/announcements', StaffStoryQuery, StaffAnnouncementPage, (context, staff, query) =>
    stories.listStoriesForStaff(context, ANNOUNCEMENT_STORIES, staff, query),
  ),
  editors.post(
    '/content/announcements/save',
    SaveAnnouncementRequest,
    StaffAnnouncementVersion,
    stories.saveAnnouncement,
  ),
  editors.post(
    '/content/announcements/publish',
    PublishStoryRequest,
    StaffAnnouncementStory,
    (context, staff, body) => stories.publishStory(context, ANNOUNCEMENT_STORIES, staff, body),
  ),
  editors.post('/content/announcements/delete', StaffIdRequest, StaffDeleted, (context, staff, { id }) =>
    stories.deleteStory(context, ANNOUNCEMENT_STORIES, staff, id),
  ),
  editors.get('/content/announcements/preview', StaffIdQuery, Announcement, (context, staff, { id }) =>
    stories.previewStory(context, ANNOUNCEMENT_STORIES, staff, id),
  ),
  editors.get('/content/companies', StaffEmptyRequest, StaffCompanyList, companies.listCompaniesForStaff),
  editors.post('/content/companies/save', SaveCompanyRequest, StaffCompany, companies.saveCompany),
  editors.get(
    '/content/company_settings',
    StaffEmptyRequest,
    StaffCompanySettings,
    companies.companySettings,
  ),
  editors.post(
    '/content/company_settings/save',
    SaveCompanySettingsRequest,
    StaffCompanySettings,
    companies.saveCompanySettings,
  ),
]);
