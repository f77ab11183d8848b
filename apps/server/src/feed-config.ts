import { z } from 'zod';

/**
 * The price feed settings of an installation (README "Configuration", docs/operations.md
 * "Price feeds"). `PRICE_FEED` picks the primary feed; `PRICE_FEED_SECONDARY` an optional
 * secondary, whose connection settings are the primary's names with `SECONDARY_` in front.
 */
export type FixSettings = {
  host: string;
  port: number;
  tls: boolean;
  senderCompId: string;
  targetCompId: string;
  username: string;
  /** Never logged: the FIX log masks tag 554, and the config is never printed. */
  password: string;
  /** Sequence numbers start at 1 at each logon (141=Y); default on. */
  resetOnLogon: boolean;
  /** Seconds between heartbeats (108). */
  heartbeatSeconds: number;
};

export type WebSocketSettings = { url: string };

export type FeedSettings =
  | { kind: 'simulator' }
  | { kind: 'fix'; fix: FixSettings }
  | { kind: 'websocket'; websocket: WebSocketSettings };

export type FeedConfig = {
  primary: FeedSettings;
  secondary: Exclude<FeedSettings, { kind: 'simulator' }> | undefined;
  /** The primary disconnected or stale this long: the node switches to the secondary. */
  failoverMs: number;
  /** The primary healthy again this long: the node switches back. */
  failbackMs: number;
};

const FeedKind = z.enum(['simulator', 'fix', 'websocket'], {
  error: 'must be simulator, fix or websocket',
});
const SecondaryKind = z.enum(['fix', 'websocket'], { error: 'must be fix or websocket' });
const CompId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');
const Flag = z.enum(['0', '1'], { error: 'must be 0 or 1' }).transform((value) => value === '1');

const FixSchema = z.object({
  FIX_HOST: z.string().min(1, 'is required with the fix feed').max(255),
  FIX_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535),
  FIX_TLS: Flag.default(false),
  FIX_SENDER_COMP_ID: CompId,
  FIX_TARGET_COMP_ID: CompId,
  FIX_USERNAME: z.string().min(1).max(128),
  FIX_PASSWORD: z.string().min(1).max(128),
  FIX_RESET_ON_LOGON: Flag.default(true),
  FIX_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
});

const WebSocketSchema = z.object({
  FEED_WS_URL: z.url({ protocol: /^wss?$/, error: 'must be a ws:// or wss:// address' }),
});

const Timing = z.object({
  FEED_FAILOVER_SECONDS: z.coerce.number().min(1).max(3600).default(15),
  FEED_FAILBACK_SECONDS: z.coerce.number().min(1).max(86_400).default(120),
});

type Env = Record<string, string | undefined>;

/** Reads one feed's settings; `prefix` is '' for the primary and 'SECONDARY_' for the secondary. */
function readFeed(kind: 'simulator' | 'fix' | 'websocket', env: Env, prefix: string): FeedSettings {
  const named = (names: string[]) =>
    Object.fromEntries(names.map((name) => [name, env[`${prefix}${name}`] || undefined]));
  const fail = (error: z.ZodError): never => {
    throw new Error(
      `Invalid configuration:\n  ${error.issues
        .map((issue) => `${prefix}${issue.path.join('.')}: ${issue.message}`)
        .join('\n  ')}`,
    );
  };
  if (kind === 'fix') {
    const parsed = FixSchema.safeParse(named(Object.keys(FixSchema.shape)));
    if (!parsed.success) return fail(parsed.error);
    const value = parsed.data;
    return {
      kind,
      fix: {
        host: value.FIX_HOST,
        port: value.FIX_PORT,
        tls: value.FIX_TLS,
        senderCompId: value.FIX_SENDER_COMP_ID,
        targetCompId: value.FIX_TARGET_COMP_ID,
        username: value.FIX_USERNAME,
        password: value.FIX_PASSWORD,
        resetOnLogon: value.FIX_RESET_ON_LOGON,
        heartbeatSeconds: value.FIX_HEARTBEAT_SECONDS,
      },
    };
  }
  if (kind === 'websocket') {
    const parsed = WebSocketSchema.safeParse(named(['FEED_WS_URL']));
    if (!parsed.success) return fail(parsed.error);
    return { kind, websocket: { url: parsed.data.FEED_WS_URL } };
  }
  return { kind };
}

/** Validates the feed settings; a bad or missing value stops the start with a message naming the variable. */
export function loadFeedConfig(env: Env): FeedConfig {
  const primaryKind = FeedKind.safeParse(env.PRICE_FEED || 'simulator');
  if (!primaryKind.success)
    throw new Error('Invalid configuration:\n  PRICE_FEED: must be simulator, fix or websocket');
  const secondaryText = env.PRICE_FEED_SECONDARY || undefined;
  const secondaryKind = secondaryText === undefined ? undefined : SecondaryKind.safeParse(secondaryText);
  if (secondaryKind && !secondaryKind.success)
    throw new Error('Invalid configuration:\n  PRICE_FEED_SECONDARY: must be fix or websocket');
  if (secondaryKind && primaryKind.data === 'simulator')
    throw new Error(
      'Invalid configuration:\n  PRICE_FEED_SECONDARY: needs a real primary feed (PRICE_FEED=fix or websocket)',
    );
  const timing = Timing.safeParse({
    FEED_FAILOVER_SECONDS: env.FEED_FAILOVER_SECONDS || undefined,
    FEED_FAILBACK_SECONDS: env.FEED_FAILBACK_SECONDS || undefined,
  });
  if (!timing.success)
    throw new Error(
      `Invalid configuration:\n  ${timing.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n  ')}`,
    );
  const secondary = secondaryKind?.success ? readFeed(secondaryKind.data, env, 'SECONDARY_') : undefined;
  return {
    primary: readFeed(primaryKind.data, env, ''),
    secondary: secondary?.kind === 'simulator' ? undefined : secondary,
    failoverMs: Math.round(timing.data.FEED_FAILOVER_SECONDS * 1000),
    failbackMs: Math.round(timing.data.FEED_FAILBACK_SECONDS * 1000),
  };
}

/**
 * Where this installation's prices come from: simulated exactly when the primary
 * feed is the built-in simulator. A secondary feed is never the simulator, so a failover never
 * makes prices simulated.
 */
export function priceSourceOf(feeds: Pick<FeedConfig, 'primary'>): 'simulated' | 'live' {
  return feeds.primary.kind === 'simulator' ? 'simulated' : 'live';
}
