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
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import { staffOf } from '../staff/staff.public';
import * as companies from './companies-staff.service';
import * as stories from './stories-staff.service';
import { ANNOUNCEMENT_STORIES, NEWS_STORIES } from './story-kinds';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const editors = backOfficeGroup(rolesWith('content.edit'));

/** News, announcements and company pages (role content); mounted under /admin/api behind the staff guard. */
export const contentBackOfficeRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get('/content/options', queryRoute(editors, StaffEmptyRequest, StaffContentOptions), async (request) =>
    ok(request, await stories.contentOptions(context, staffOf(request), request.lang)),
  );

  app.get('/content/news', queryRoute(editors, StaffStoryQuery, StaffNewsPage), async (request) =>
    ok(request, await stories.listStoriesForStaff(context, NEWS_STORIES, staffOf(request), request.query)),
  );

  app.post('/content/news/save', bodyRoute(editors, SaveNewsRequest, StaffNewsVersion), async (request) =>
    ok(request, await stories.saveNews(context, staffOf(request), request.body)),
  );

  app.post(
    '/content/news/publish',
    bodyRoute(editors, PublishStoryRequest, StaffNewsStory),
    async (request) =>
      ok(request, await stories.publishStory(context, NEWS_STORIES, staffOf(request), request.body)),
  );

  app.post('/content/news/delete', bodyRoute(editors, StaffIdRequest, StaffDeleted), async (request) =>
    ok(request, await stories.deleteStory(context, NEWS_STORIES, staffOf(request), request.body.id)),
  );

  app.get('/content/news/preview', queryRoute(editors, StaffIdQuery, NewsDetail), async (request) =>
    ok(request, await stories.previewStory(context, NEWS_STORIES, staffOf(request), request.query.id)),
  );

  app.get(
    '/content/announcements',
    queryRoute(editors, StaffStoryQuery, StaffAnnouncementPage),
    async (request) =>
      ok(
        request,
        await stories.listStoriesForStaff(context, ANNOUNCEMENT_STORIES, staffOf(request), request.query),
      ),
  );

  app.post(
    '/content/announcements/save',
    bodyRoute(editors, SaveAnnouncementRequest, StaffAnnouncementVersion),
    async (request) => ok(request, await stories.saveAnnouncement(context, staffOf(request), request.body)),
  );

  app.post(
    '/content/announcements/publish',
    bodyRoute(editors, PublishStoryRequest, StaffAnnouncementStory),
    async (request) =>
      ok(request, await stories.publishStory(context, ANNOUNCEMENT_STORIES, staffOf(request), request.body)),
  );

  app.post(
    '/content/announcements/delete',
    bodyRoute(editors, StaffIdRequest, StaffDeleted),
    async (request) =>
      ok(
        request,
        await stories.deleteStory(context, ANNOUNCEMENT_STORIES, staffOf(request), request.body.id),
      ),
  );

  app.get(
    '/content/announcements/preview',
    queryRoute(editors, StaffIdQuery, Announcement),
    async (request) =>
      ok(
        request,
        await stories.previewStory(context, ANNOUNCEMENT_STORIES, staffOf(request), request.query.id),
      ),
  );

  app.get('/content/companies', queryRoute(editors, StaffEmptyRequest, StaffCompanyList), async (request) =>
    ok(request, await companies.listCompaniesForStaff(context, staffOf(request))),
  );

  app.post('/content/companies/save', bodyRoute(editors, SaveCompanyRequest, StaffCompany), async (request) =>
    ok(request, await companies.saveCompany(context, staffOf(request), request.body)),
  );

  app.get(
    '/content/company_settings',
    queryRoute(editors, StaffEmptyRequest, StaffCompanySettings),
    async (request) => ok(request, await companies.companySettings(context, staffOf(request))),
  );

  app.post(
    '/content/company_settings/save',
    bodyRoute(editors, SaveCompanySettingsRequest, StaffCompanySettings),
    async (request) =>
      ok(request, await companies.saveCompanySettings(context, staffOf(request), request.body)),
  );
};
