import { describe, expect, it } from 'vitest';
import { bookTickerStream, readFrame } from './binance-frames';

describe('Binance stream frames', () => {
  it('reads the documented bookTicker payload, raw or wrapped by a combined stream', () => {
    const raw =
      '{"u":400900217,"s":"BNBUSDT","b":"25.35190000","B":"31.21000000","a":"25.36520000","A":"40.66000000"}';
    const quote = { kind: 'bookTicker', symbol: 'BNBUSDT', bid: '25.35190000', ask: '25.36520000' };
    expect(readFrame(raw)).toEqual(quote);
    expect(readFrame(`{"stream":"bnbusdt@bookTicker","data":${raw}}`)).toEqual(quote);
  });

  it('reads answers, both error shapes and the shutdown notice', () => {
    expect(readFrame('{"result":null,"id":7}')).toEqual({ kind: 'answer', id: 7 });
    expect(readFrame('{"error":{"code":2,"msg":"Invalid request: invalid stream"},"id":3}')).toEqual({
      kind: 'error',
      id: 3,
      code: 2,
      message: 'Invalid request: invalid stream',
    });
    expect(readFrame('{"code":3,"msg":"Invalid JSON: expected value at line 1 column 1"}')).toMatchObject({
      kind: 'error',
      id: undefined,
      code: 3,
    });
    expect(readFrame('{"e":"serverShutdown","E":1770123456789}')).toEqual({ kind: 'serverShutdown' });
  });

  it('calls anything else malformed, never throwing', () => {
    const bad = [
      ['', 'not_json'],
      ['{"s":"BTCUSDT","b":"1"', 'not_json'],
      ['null', 'bad_shape'],
      ['42', 'bad_shape'],
      ['{"s":"BTCUSDT","b":"1"}', 'bad_shape'],
      ['{"s":"BTCUSDT","b":1,"a":"2"}', 'bad_shape'],
      ['{"s":"BTCUSDT","b":"1","a":"2","u":"x"}', 'bad_shape'],
      [`{"s":"BTCUSDT","b":"${'1'.repeat(41)}","a":"2"}`, 'bad_shape'],
      ['{"result":null,"id":-1}', 'bad_shape'],
      ['{"error":"nope","id":1}', 'bad_shape'],
      ['{"stream":"x","data":[1]}', 'bad_shape'],
    ];
    for (const [text, reason] of bad)
      expect(readFrame(text as string), text).toEqual({ kind: 'malformed', reason });
  });

  it('names a stream only for a symbol of letters and digits', () => {
    expect(bookTickerStream('BTCUSDT')).toBe('btcusdt@bookTicker');
    expect(bookTickerStream('btcusdt')).toBe('btcusdt@bookTicker');
    for (const symbol of ['BTC/USDT', 'btcusdt@trade', '', 'B', 'BTC USDT'])
      expect(bookTickerStream(symbol)).toBeUndefined();
  });
});
