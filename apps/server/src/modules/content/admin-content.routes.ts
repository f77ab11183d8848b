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
import { envelope } from '@meridian/contract/envelope';
import { StaffEmptyRequest } from '@meridian/contract/staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { staffOf } from '../staff/staff.public';
import * as companies from './companies-staff.service';
import * as stories from './stories-staff.service';
import { ANNOUNCEMENT_STORIES, NEWS_STORIES } from './story-kinds';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const editors = rolesWith('content.edit');
const tags = ['back office'];
const security = [{ token: [] }];
const config = { staffRoles: editors };

/** News, announcements and company pages (role content); mounted under /admin/api behind the staff guard. */
export const contentBackOfficeRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/content/options',
    {
      config,
      schema: {
        tags,
        security,
        querystring: StaffEmptyRequest,
        response: { 200: envelope(StaffContentOptions) },
      },
    },
    async (request) => ok(request, await stories.contentOptions(context, staffOf(request), request.lang)),
  );

  app.get(
    '/content/news',
    {
      config,
      schema: { tags, security, querystring: StaffStoryQuery, response: { 200: envelope(StaffNewsPage) } },
    },
    async (request) =>
      ok(request, await stories.listStoriesForStaff(context, NEWS_STORIES, staffOf(request), request.query)),
  );

  app.post(
    '/content/news/save',
    {
      config,
      schema: { tags, security, body: SaveNewsRequest, response: { 200: envelope(StaffNewsVersion) } },
    },
    async (request) => ok(request, await stories.saveNews(context, staffOf(request), request.body)),
  );

  app.post(
    '/content/news/publish',
    {
      config,
      schema: { tags, security, body: PublishStoryRequest, response: { 200: envelope(StaffNewsStory) } },
    },
    async (request) =>
      ok(request, await stories.publishStory(context, NEWS_STORIES, staffOf(request), request.body)),
  );

  app.post(
    '/content/news/delete',
    {
      config,
      schema: { tags, security, body: StaffIdRequest, response: { 200: envelope(StaffDeleted) } },
    },
    async (request) =>
      ok(request, await stories.deleteStory(context, NEWS_STORIES, staffOf(request), request.body.id)),
  );

  app.get(
    '/content/news/preview',
    {
      config,
      schema: { tags, security, querystring: StaffIdQuery, response: { 200: envelope(NewsDetail) } },
    },
    async (request) =>
      ok(request, await stories.previewStory(context, NEWS_STORIES, staffOf(request), request.query.id)),
  );

  app.get(
    '/content/announcements',
    {
      config,
      schema: {
        tags,
        security,
        querystring: StaffStoryQuery,
        response: { 200: envelope(StaffAnnouncementPage) },
      },
    },
    async (request) =>
      ok(
        request,
        await stories.listStoriesForStaff(context, ANNOUNCEMENT_STORIES, staffOf(request), request.query),
      ),
  );

  app.post(
    '/content/announcements/save',
    {
      config,
      schema: {
        tags,
        security,
        body: SaveAnnouncementRequest,
        response: { 200: envelope(StaffAnnouncementVersion) },
      },
    },
    async (request) => ok(request, await stories.saveAnnouncement(context, staffOf(request), request.body)),
  );

  app.post(
    '/content/announcements/publish',
    {
      config,
      schema: {
        tags,
        security,
        body: PublishStoryRequest,
        response: { 200: envelope(StaffAnnouncementStory) },
      },
    },
    async (request) =>
      ok(request, await stories.publishStory(context, ANNOUNCEMENT_STORIES, staffOf(request), request.body)),
  );

  app.post(
    '/content/announcements/delete',
    {
      config,
      schema: { tags, security, body: StaffIdRequest, response: { 200: envelope(StaffDeleted) } },
    },
    async (request) =>
      ok(
        request,
        await stories.deleteStory(context, ANNOUNCEMENT_STORIES, staffOf(request), request.body.id),
      ),
  );

  app.get(
    '/content/announcements/preview',
    {
      config,
      schema: { tags, security, querystring: StaffIdQuery, response: { 200: envelope(Announcement) } },
    },
    async (request) =>
      ok(
        request,
        await stories.previewStory(context, ANNOUNCEMENT_STORIES, staffOf(request), request.query.id),
      ),
  );

  app.get(
    '/content/companies',
    {
      config,
      schema: {
        tags,
        security,
        querystring: StaffEmptyRequest,
        response: { 200: envelope(StaffCompanyList) },
      },
    },
    async (request) => ok(request, await companies.listCompaniesForStaff(context, staffOf(request))),
  );

  app.post(
    '/content/companies/save',
    {
      config,
      schema: { tags, security, body: SaveCompanyRequest, response: { 200: envelope(StaffCompany) } },
    },
    async (request) => ok(request, await companies.saveCompany(context, staffOf(request), request.body)),
  );

  app.get(
    '/content/company_settings',
    {
      config,
      schema: {
        tags,
        security,
        querystring: StaffEmptyRequest,
        response: { 200: envelope(StaffCompanySettings) },
      },
    },
    async (request) => ok(request, await companies.companySettings(context, staffOf(request))),
  );

  app.post(
    '/content/company_settings/save',
    {
      config,
      schema: {
        tags,
        security,
        body: SaveCompanySettingsRequest,
        response: { 200: envelope(StaffCompanySettings) },
      },
    },
    async (request) =>
      ok(request, await companies.saveCompanySettings(context, staffOf(request), request.body)),
  );
};
