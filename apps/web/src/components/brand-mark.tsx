import { useId } from 'react';

type BrandMarkProps = { sizePx?: number; className?: string };

/** The Meridian mark, the same drawing as the app icon (public/icons/icon.svg). */
export function BrandMark({ sizePx = 32, className }: BrandMarkProps) {
  // Each mark needs its own gradient id: a kept-alive page hidden with display:none would otherwise
  // own the shared id, and Chromium does not paint a gradient defined inside a hidden subtree.
  const gradientId = useId();
  return (
    <svg
      className={className}
      width={sizePx}
      height={sizePx}
      viewBox="0 0 512 512"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f6bf0" />
          <stop offset="1" stopColor="#1438a8" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="112" fill={`url(#${gradientId})`} />
      <circle cx="256" cy="256" r="150" fill="none" stroke="#fff" strokeWidth="26" />
      <ellipse cx="256" cy="256" rx="58" ry="150" fill="none" stroke="#fff" strokeWidth="22" opacity="0.9" />
      <path
        d="M150 318 L218 262 L270 292 L362 198"
        fill="none"
        stroke="#7ee0b5"
        strokeWidth="26"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
