/** What the shell needs to know about a route of spec section 2. */
export type RouteMeta = {
  path: string;
  /** Translation key of the page title. */
  titleKey: string;
  /** One of the five bottom tabs: no back arrow, the avatar button in its header. */
  tab: boolean;
  /** The bottom tab bar shows (spec table: "footer"). */
  footer: boolean;
  /** Stays mounted when hidden (spec: "kept alive"), through React's <Activity>. */
  keepAlive: boolean;
  requiresLogin: boolean;
};
