import type { SVGProps } from 'react';

/** Line icons for the five tabs, drawn for this app (antd-mobile-icons has no trading set). */
function TabIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

export function QuotesIcon() {
  return (
    <TabIcon>
      <path d="M3 17l5-5 4 3 8-8" />
      <path d="M15 7h5v5" />
      <path d="M3 21h18" />
    </TabIcon>
  );
}

export function TradeIcon() {
  return (
    <TabIcon>
      <path d="M4 8h14l-3.5-3.5" />
      <path d="M20 16H6l3.5 3.5" />
    </TabIcon>
  );
}

export function OrdersIcon() {
  return (
    <TabIcon>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M9 8h6M9 12h6M9 16h4" />
    </TabIcon>
  );
}

export function CopyTradingIcon() {
  return (
    <TabIcon>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3.5 19.5c.6-3 2.8-5 5.5-5s4.9 2 5.5 5" />
      <path d="M16 5.5a3 3 0 0 1 0 5.6M17.5 14.8c1.7.6 2.8 2.3 3 4.7" />
    </TabIcon>
  );
}

export function RankingIcon() {
  return (
    <TabIcon>
      <path d="M8 21V11h8v10" />
      <path d="M3 21v-6h5M16 21v-8h5v8" />
      <path d="M2 21h20" />
      <path d="M12 3.5l.9 1.8 2 .3-1.45 1.4.35 2-1.8-.95-1.8.95.35-2L9.1 5.6l2-.3z" />
    </TabIcon>
  );
}
