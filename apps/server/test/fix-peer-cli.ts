import { toDecimal } from '@meridian/domain/money';
import { INSTRUMENTS } from '../src/modules/market/live/catalogue';
import { startFixPeer } from './fix-peer';

/**
 * `npm run feed:test-peer`: the scripted FIX 4.4 provider of the tests, standing alone on the
 * loopback and quoting every catalogue instrument with a small random walk (every 250 ms), so the
 * whole app can be run and looked at on a FIX feed without a provider:
 *
 *   npm run feed:test-peer          # in one terminal; prints the settings for the other
 *   PRICE_FEED=fix FIX_HOST=127.0.0.1 FIX_PORT=9878 ... npm start
 *
 * For trying the adapter only: it accepts any SenderCompID and the credentials below.
 */
const port = Number(process.env.FIX_PORT ?? 9878);
const username = process.env.FIX_USERNAME ?? 'meridian';
const password = process.env.FIX_PASSWORD ?? 'test-peer-password';

const peer = await startFixPeer({ username, password, port });
const books = INSTRUMENTS.map((instrument) => ({
  symbol: instrument.code,
  precision: instrument.pricePrecision,
  mid: toDecimal(instrument.basePrice),
  // A spread of about two basis points, at least one price step.
  half: toDecimal(instrument.basePrice).times('0.0001'),
}));

function quoteAll(): void {
  for (const book of books) {
    const step = toDecimal(10).pow(-book.precision);
    const half = book.half.lt(step) ? step : book.half;
    book.mid = book.mid.times(1 + (Math.random() - 0.5) * 0.0004);
    peer.setQuote(
      book.symbol,
      book.mid.minus(half).toFixed(book.precision),
      book.mid.plus(half).toFixed(book.precision),
    );
  }
}

quoteAll();
const timer = setInterval(quoteAll, 250);
console.info(`FIX 4.4 test provider on 127.0.0.1:${peer.port}, quoting ${books.length} symbols. Run the app with:
  PRICE_FEED=fix FIX_HOST=127.0.0.1 FIX_PORT=${peer.port} FIX_SENDER_COMP_ID=MERIDIAN FIX_TARGET_COMP_ID=LP FIX_USERNAME=${username} FIX_PASSWORD=<the password> npm start
Ctrl-C stops it.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    clearInterval(timer);
    void peer.close().then(() => process.exit(0));
  });
