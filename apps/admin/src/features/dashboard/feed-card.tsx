import {
  FEED_REFUSALS,
  type FeedHealth,
  type FeedInstrumentHealth,
  type FeedSourceHealth,
} from '@meridian/contract/back-office';
import { Alert, Card, List, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';

const STATE_COLORS: Record<FeedSourceHealth['state'], string> = {
  connected: 'green',
  connecting: 'gold',
  disconnected: 'red',
};

/** An instrument worth a look: no usable price now (other than a closed market), or any refusal. */
function needsAttention(instrument: FeedInstrumentHealth): boolean {
  const problem = instrument.reason !== null && instrument.reason !== 'closed';
  return problem || FEED_REFUSALS.some((reason) => instrument.refused[reason] > 0);
}

/** "4 s ago", "3 min ago", "2 h ago"; "no quote yet" before the first. */
function useAge() {
  const { t } = useTranslation();
  return (seconds: number | null) => {
    if (seconds === null) return t('dashboard.feed.noQuote');
    if (seconds < 60) return t('dashboard.feed.secondsAgo', { count: Math.floor(seconds) });
    if (seconds < 3600) return t('dashboard.feed.minutesAgo', { count: Math.floor(seconds / 60) });
    return t('dashboard.feed.hoursAgo', { count: Math.floor(seconds / 3600) });
  };
}

function SourceRow({ source }: { source: FeedSourceHealth }) {
  const { t } = useTranslation();
  return (
    <List.Item className={`feed-source feed-source-${source.role}`}>
      <Space direction="vertical" size={2} style={{ width: '100%' }}>
        <Space wrap size={4}>
          <Typography.Text strong>
            {t(`dashboard.feed.role.${source.role}`)} · {t(`dashboard.feed.kind.${source.kind}`)}
          </Typography.Text>
          <Tag color={STATE_COLORS[source.state]}>{t(`dashboard.feed.state.${source.state}`)}</Tag>
          {source.active && <Tag color="blue">{t('dashboard.feed.active')}</Tag>}
        </Space>
        {source.detail && (
          <Typography.Text type="secondary" className="feed-source-detail">
            {t('dashboard.feed.venueText', { text: source.detail })}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          {t('dashboard.feed.sourceFigures', {
            count: source.quotes_received,
            quotes: formatNumber(source.quotes_received),
            time: source.last_quote_at ? formatDateTime(source.last_quote_at) : t('dashboard.feed.never'),
          })}
        </Typography.Text>
      </Space>
    </List.Item>
  );
}

function InstrumentRow({ instrument }: { instrument: FeedInstrumentHealth }) {
  const { t } = useTranslation();
  const age = useAge();
  const refusals = FEED_REFUSALS.filter((reason) => instrument.refused[reason] > 0);
  const problem = instrument.reason !== null && instrument.reason !== 'closed';
  return (
    <List.Item className="feed-instrument">
      <Space direction="vertical" size={2} style={{ width: '100%' }}>
        <Space wrap size={4}>
          <Typography.Text strong>{instrument.code}</Typography.Text>
          <Typography.Text type="secondary">
            {instrument.symbol === null
              ? t('dashboard.feed.noSymbol')
              : t('dashboard.feed.symbol', { symbol: instrument.symbol })}
          </Typography.Text>
          <Tag color={problem ? 'red' : instrument.reason === 'closed' ? 'default' : 'green'}>
            {t(`dashboard.feed.reason.${instrument.reason ?? 'live'}`)}
          </Tag>
        </Space>
        {instrument.rejected && (
          <Typography.Text type="danger">
            {t('dashboard.feed.venueText', { text: instrument.rejected })}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          {t('dashboard.feed.instrumentFigures', {
            age: age(instrument.last_quote_age_seconds),
            accepted: formatNumber(instrument.accepted),
          })}
        </Typography.Text>
        <Typography.Text type={refusals.length > 0 ? 'warning' : 'secondary'} className="feed-refusals">
          {refusals.length === 0
            ? t('dashboard.feed.noRefusals')
            : t('dashboard.feed.refused', {
                reasons: refusals
                  .map(
                    (reason) =>
                      `${t(`dashboard.feed.refusal.${reason}`)} ${formatNumber(instrument.refused[reason])}`,
                  )
                  .join(' · '),
              })}
        </Typography.Text>
      </Space>
    </List.Item>
  );
}

/**
 * The "Price feed" card: which feed runs, each connection's state with the venue's
 * last text, the active one, the last switches, and the instruments that need a look (a problem
 * now or refused quotes; a switch shows them all). With the simulator it only says so.
 */
export function FeedCard({ feed }: { feed: FeedHealth }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (feed.simulated)
    return (
      <Card size="small" className="feed-card" title={t('dashboard.feed.title')}>
        <Space direction="vertical" size={4}>
          <Tag color="gold" className="feed-simulated">
            {t('dashboard.feed.simulatedTag')}
          </Tag>
          <Typography.Text>{t('dashboard.feed.simulated')}</Typography.Text>
        </Space>
      </Card>
    );
  const watched = feed.instruments.filter(needsAttention);
  const shown = all ? feed.instruments : watched;
  return (
    <Card size="small" className="feed-card" title={t('dashboard.feed.title')}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {!feed.runs_here && <Alert type="info" showIcon message={t('dashboard.feed.notHere')} />}
        <List
          size="small"
          className="feed-sources"
          dataSource={feed.sources}
          renderItem={(source) => <SourceRow source={source} />}
        />
        <div className="feed-switches">
          <Typography.Text strong>{t('dashboard.feed.switchesTitle')}</Typography.Text>
          {feed.switches.length === 0 ? (
            <div>
              <Typography.Text type="secondary">{t('dashboard.feed.noSwitch')}</Typography.Text>
            </div>
          ) : (
            <List
              size="small"
              dataSource={feed.switches.slice(0, 5)}
              renderItem={(change) => (
                <List.Item className="feed-switch">
                  <Typography.Text>
                    {t('dashboard.feed.switch', {
                      time: formatDateTime(change.at),
                      from: t(`dashboard.feed.role.${change.from}`),
                      to: t(`dashboard.feed.role.${change.to}`),
                      reason: t(`dashboard.feed.switchReason.${change.reason}`),
                    })}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
        </div>
        <div className="feed-instruments">
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text strong>
              {t('dashboard.feed.instrumentsTitle', { count: watched.length })}
            </Typography.Text>
            <Space size={4}>
              <Switch size="small" checked={all} onChange={setAll} className="feed-show-all" />
              <Typography.Text>
                {t('dashboard.feed.showAll', { count: feed.instruments.length })}
              </Typography.Text>
            </Space>
          </Space>
          <List
            size="small"
            dataSource={shown}
            rowKey="instrument_id"
            locale={{ emptyText: t('dashboard.feed.allWell') }}
            renderItem={(instrument) => <InstrumentRow instrument={instrument} />}
          />
        </div>
      </Space>
    </Card>
  );
}
