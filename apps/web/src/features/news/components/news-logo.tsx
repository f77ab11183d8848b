import { useState } from 'react';
import { apiUrl } from '../../../lib/api-client';
import './news.css';

type NewsLogoProps = { src: string; sizePx: number };

/** A story's picture (an image the API host serves); a plain tile keeps its place if it fails. */
export function NewsLogo({ src, sizePx }: NewsLogoProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: sizePx, height: sizePx };
  if (failed || !src) return <span className="news-logo is-missing" style={style} aria-hidden="true" />;
  return (
    <img
      className="news-logo"
      src={apiUrl(src)}
      alt=""
      width={sizePx}
      height={sizePx}
      decoding="async"
      loading="lazy"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}
