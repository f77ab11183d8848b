import { asUserId } from '@meridian/domain/ids';
import { describe, expect, it } from 'vitest';
import { sampleCandle, sampleClosed, sampleQuotes, sampleTrade } from '../../test/pushes';
import type { RealtimePublisher } from './publisher';

// The publisher's topic map is a compile-time guarantee: each `@ts-expect-error` below
// is checked by `tsc -b` (npm run check), which fails if the line it marks ever compiles. At run
// time the calls only reach a recorder.

function recorder(): { publisher: RealtimePublisher; sent: string[] } {
  const sent: string[] = [];
  const publisher: RealtimePublisher = {
    publish: (topic) => sent.push(topic),
    publishToUser: (_userId, topic) => sent.push(topic),
    hasSubscribers: () => true,
  };
  return { publisher, sent };
}

describe('the realtime publisher takes a topic only with its payload', () => {
  it('takes every topic of the map with its payload', () => {
    const { publisher, sent } = recorder();
    publisher.publish('market.day', sampleQuotes());
    publisher.publish('kline.7.1M', sampleCandle());
    publisher.publishToUser(asUserId(1), 'forex.trade', sampleTrade());
    publisher.publishToUser(asUserId(1), 'forex.closed', sampleClosed(9));
    expect(sent).toEqual(['market.day', 'kline.7.1M', 'forex.trade', 'forex.closed']);
  });

  it('refuses, at compile time, a wrong payload, an unknown topic and a topic on the wrong path', () => {
    const { publisher } = recorder();
    // @ts-expect-error a candle is not the payload of market.day
    publisher.publish('market.day', sampleCandle());
    // @ts-expect-error a push missing fields of its payload
    publisher.publishToUser(1, 'forex.closed', { Id: 1 });
    // @ts-expect-error forex.closed's payload on forex.trade
    publisher.publishToUser(1, 'forex.trade', sampleClosed(1));
    // @ts-expect-error no such topic
    publisher.publish('market.week', sampleQuotes());
    // @ts-expect-error no such chart period
    publisher.publish('kline.7.2M', sampleCandle());
    const anyText: string = 'market.day';
    // @ts-expect-error a topic known only as some text
    publisher.publish(anyText, sampleQuotes());
    // @ts-expect-error a user's own topic is never sent to every subscriber
    publisher.publish('forex.trade', sampleTrade());
    // @ts-expect-error the public quotes are not a user topic
    publisher.publishToUser(1, 'market.day', sampleQuotes());
  });
});
