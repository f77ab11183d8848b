import { z } from 'zod';
import { cacheBuster, exactText, idOrZero, serverText, text } from './fields';
import { LIMITS } from './limits';
import { pageOf, pagingFields } from './paging';
import { rowRequest } from './row-request';

/** A news category, named in the request's language. */
export const NewsCategory = z.object({ id: z.number().int(), name: serverText() });
export const NewsCategoryList = z.array(NewsCategory);
export type NewsCategory = z.infer<typeof NewsCategory>;

export const NewsListQuery = z.object({
  /** Absent or 0: every category. */
  category_id: idOrZero().optional(),
  ...pagingFields(LIMITS.newsPageSizeDefault),
  t: cacheBuster,
});
export type NewsListQuery = z.infer<typeof NewsListQuery>;

/** News of spec section 3 without its content (the list). */
export const NewsItem = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  /** The language this version is in: the request's, or the story's default language when it has no such version. */
  language: serverText(),
  title: serverText(),
  desc: serverText(),
  /** An image address (relative to the API origin). */
  logo: serverText(),
  /** ISO 8601. */
  created_at: serverText(),
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NewsList = pageOf(NewsItem);
export type NewsList = z.infer<typeof NewsList>;

export const NewsInfoQuery = rowRequest({});

/** One news story with its content: HTML that the server has sanitized (safe to render). */
export const NewsDetail = NewsItem.extend({ content: serverText() });
export type NewsDetail = z.infer<typeof NewsDetail>;

export const AnnouncementListQuery = z.object({
  ...pagingFields(LIMITS.newsPageSizeDefault),
  t: cacheBuster,
});

/** An announcement: a short notice; `content` is sanitized HTML. */
export const Announcement = z.object({
  id: z.number().int(),
  language: serverText(),
  title: serverText(),
  content: serverText(),
  created_at: serverText(),
});
export type Announcement = z.infer<typeof Announcement>;

export const AnnouncementList = pageOf(Announcement);
export type AnnouncementList = z.infer<typeof AnnouncementList>;

export const AnnouncementInfoQuery = rowRequest({});

/** The company's complaint e-mail (`/mine/email`), served by our own API. */
export const ComplaintEmail = z.object({ email: serverText(), company_name: serverText() });

/** A company's details as customers see them (the back office's StaffCompany adds its own). */
export const companyTexts = () => ({
  name: serverText(),
  logo: serverText(),
  url: serverText(),
  subject: serverText(),
  registered_address: serverText(),
  location: serverText(),
  email: serverText(),
});

/** Company of spec section 3. */
export const Company = z.object({ id: z.number().int(), ...companyTexts() });
export const CompanyList = z.array(Company);
export type Company = z.infer<typeof Company>;

export const CompanySearchQuery = z.object({
  /** Part of a company's name, any case; empty lists every company. */
  name: text(LIMITS.searchTextLengthMax).optional(),
  t: cacheBuster,
});

export { COMPANY_STATUS } from './settings-codes';
/** Spec section 7: a status other than COMPANY_STATUS.normal sends the browser to `loss_url`. */
export const CompanyStatus = z.object({ status: z.number().int(), loss_url: serverText() });
export type CompanyStatus = z.infer<typeof CompanyStatus>;

export const ContentArtParams = z.object({ name: exactText(40) });
