import type { Area } from './modules/area';
import { authArea } from './modules/auth/auth.public';
import { captchaArea } from './modules/captcha/captcha.public';
import { contentArea } from './modules/content/content.public';
import { type CopyAreaOptions, copyArea } from './modules/copy/copy.public';
import { customersArea } from './modules/customers/customers.public';
import { type DashboardAreaOptions, dashboardArea } from './modules/dashboard/dashboard.public';
import { type ExecutionAreaOptions, executionArea } from './modules/execution/execution.public';
import { fundsArea } from './modules/funds/funds.public';
import { kycArea } from './modules/kyc/kyc.public';
import { legalArea } from './modules/legal/legal.public';
import { type MarketAreaOptions, marketArea } from './modules/market/market.public';
import { type NotifyAreaOptions, notifyArea } from './modules/notify/notify.public';
import { settingsArea } from './modules/settings/settings.public';
import { supportArea } from './modules/support/support.public';
import { tradingArea } from './modules/trading/trading.public';
import { uploadsArea } from './modules/uploads/uploads.public';

/** Everything the areas read from the app besides the context: what each area's declaration asks for. */
export type AreaOptions = MarketAreaOptions &
  CopyAreaOptions &
  ExecutionAreaOptions &
  NotifyAreaOptions &
  DashboardAreaOptions;

/**
 * The server's business areas (the back office itself aside, which mounts their staff routes).
 * `buildApp` mounts them sorted by what each declares it needs (modules/area-order.ts); where the
 * needs leave a choice, this order stands, so a new area goes where it reads best.
 */
export const AREAS: readonly Area<AreaOptions>[] = [
  authArea,
  settingsArea,
  captchaArea,
  marketArea,
  uploadsArea,
  kycArea,
  contentArea,
  legalArea,
  supportArea,
  tradingArea,
  fundsArea,
  copyArea,
  executionArea,
  notifyArea,
  dashboardArea,
  customersArea,
];
