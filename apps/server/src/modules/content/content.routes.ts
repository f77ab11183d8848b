import {
  Announcement,
  AnnouncementInfoQuery,
  AnnouncementList,
  AnnouncementListQuery,
  CompanyList,
  CompanySearchQuery,
  CompanyStatus,
  ComplaintEmail,
  ContentArtParams,
  NewsCategoryList,
  NewsDetail,
  NewsInfoQuery,
  NewsList,
  NewsListQuery,
} from '@meridian/contract/content';
import { envelope } from '@meridian/contract/envelope';
import { NoQuery } from '@meridian/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import * as service from './content.service';
import { CONTENT_ART } from './content-art';

/** Artwork changes only with a new address (`?v=`), so browsers keep it a year. */
const ART_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** News, announcements, the complaint e-mail and the group's companies: open to everyone. */
export const contentRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get(
    '/api/news/category_list',
    { schema: { tags: ['news'], querystring: NoQuery, response: { 200: envelope(NewsCategoryList) } } },
    async (request) => ok(request, await service.listNewsCategories(context, request.lang)),
  );

  app.get(
    '/api/news/list',
    { schema: { tags: ['news'], querystring: NewsListQuery, response: { 200: envelope(NewsList) } } },
    async (request) => ok(request, await service.listNews(context, request.lang, request.query)),
  );

  app.get(
    '/api/news/info',
    { schema: { tags: ['news'], querystring: NewsInfoQuery, response: { 200: envelope(NewsDetail) } } },
    async (request) => ok(request, await service.newsDetail(context, request.lang, request.query.id)),
  );

  app.get(
    '/api/announcement/list',
    {
      schema: {
        tags: ['announcements'],
        querystring: AnnouncementListQuery,
        response: { 200: envelope(AnnouncementList) },
      },
    },
    async (request) => ok(request, await service.listAnnouncements(context, request.lang, request.query)),
  );

  app.get(
    '/api/announcement/info',
    {
      schema: {
        tags: ['announcements'],
        querystring: AnnouncementInfoQuery,
        response: { 200: envelope(Announcement) },
      },
    },
    async (request) => ok(request, await service.announcementDetail(context, request.lang, request.query.id)),
  );

  app.get(
    '/api/company/complaint_email',
    { schema: { tags: ['company'], querystring: NoQuery, response: { 200: envelope(ComplaintEmail) } } },
    async (request) => ok(request, await service.complaintEmail(context)),
  );

  app.get(
    '/api/company/getCompany',
    {
      schema: {
        tags: ['company'],
        querystring: CompanySearchQuery,
        response: { 200: envelope(CompanyList) },
      },
    },
    async (request) => ok(request, await service.searchCompanies(context, request.query.name)),
  );

  app.get(
    '/api/company/getCompanyStatus',
    { schema: { tags: ['company'], querystring: NoQuery, response: { 200: envelope(CompanyStatus) } } },
    async (request) => ok(request, await service.companyStatus(context)),
  );

  app.get(
    '/api/content/art/:name.svg',
    { schema: { tags: ['news'], params: ContentArtParams } },
    async (request, reply) => {
      const svg = Object.hasOwn(CONTENT_ART, request.params.name)
        ? CONTENT_ART[request.params.name]
        : undefined;
      if (svg === undefined) return reply.callNotFound();
      // Public artwork, drawn by the app on whichever origin CORS_ORIGINS lets it live: loadable
      // from any origin (helmet's default, same-origin, hid it from an app on another host).
      return reply
        .type('image/svg+xml')
        .header('cache-control', ART_CACHE_CONTROL)
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(svg);
    },
  );
};
