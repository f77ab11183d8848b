import { emptyData } from '@meridian/contract/envelope';
import {
  DrawCurrencyList,
  DrawRequest,
  DrawSymbolQuery,
  WithdrawListQuery,
  WithdrawPage,
  WithdrawRecord,
} from '@meridian/contract/funds';
import {
  BindDrawMethodRequest,
  DeleteDrawMethodRequest,
  DrawMethod,
  DrawMethodList,
  DrawMethodQuery,
} from '@meridian/contract/wallet';
import { customerRoutes } from '../../http/customer-routes';
import { routeTable } from '../../http/route-table';
import * as channels from './channels.service';
import * as wallet from './wallet.service';
import * as service from './withdrawals.service';

const withdrawalCalls = customerRoutes({ tags: ['funds'], token: true });
const walletCalls = customerRoutes({ tags: ['wallet'], token: true });

/** The withdrawal calls of spec section 7. */
export const withdrawalRoutes = routeTable([
  withdrawalCalls.get(
    '/api/account/draw_symbol_list',
    DrawSymbolQuery,
    DrawCurrencyList,
    (context, _user, { type }) => channels.drawSymbols(context, type),
  ),
  withdrawalCalls.post('/api/account/draw', DrawRequest, WithdrawRecord, (context, user, body, { lang }) =>
    service.requestWithdrawal(context, user, body, lang),
  ),
  withdrawalCalls.get(
    '/api/account/draw_list',
    WithdrawListQuery,
    WithdrawPage,
    (context, user, query, { lang }) => service.listWithdrawals(context, user, query, lang),
  ),
]);

/** The wallet's calls of spec section 7: the customer's withdraw methods. */
export const walletRoutes = routeTable([
  walletCalls.get('/api/wallet/get_draw_method', DrawMethodQuery, DrawMethodList, wallet.listMethods),
  walletCalls.post('/api/wallet/bind_draw_method', BindDrawMethodRequest, DrawMethod, wallet.bindMethod),
  walletCalls.post(
    '/api/wallet/del_draw_method',
    DeleteDrawMethodRequest,
    emptyData,
    async (context, user, { id }) => {
      await wallet.deleteMethod(context, user, id);
      return {};
    },
  ),
]);
