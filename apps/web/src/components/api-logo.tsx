import { type ReactNode, useState } from 'react';
import { apiUrl } from '../lib/api-client';

type ApiLogoProps = {
  /** The picture's path on the API host; empty when there is none. */
  src: string;
  sizePx: number;
  className: string;
  /** Load only when near the screen (long lists of pictures). */
  lazy?: boolean;
  /** Inside the tile that keeps the place when there is no picture or it fails (an initial, say). */
  fallback?: ReactNode;
};

/** A logo or picture from the API host, square; a tile of the same size keeps its place if it fails. */
export function ApiLogo({ src, sizePx, className, lazy = false, fallback }: ApiLogoProps) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) {
    return (
      <span
        className={`${className} is-missing`}
        style={{ width: sizePx, height: sizePx }}
        aria-hidden="true"
      >
        {fallback}
      </span>
    );
  }
  return (
    <img
      className={className}
      src={apiUrl(src)}
      alt=""
      width={sizePx}
      height={sizePx}
      decoding="async"
      loading={lazy ? 'lazy' : undefined}
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}
