import { useState } from 'react';
import { apiUrl } from '../../../lib/api-client';
import './company-search.css';

/** A company's logo from the API host; a tile with its initial keeps the place if it fails. */
export function CompanyLogo({ src, name, sizePx }: { src: string; name: string; sizePx: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: sizePx, height: sizePx };
  if (failed || !src) {
    return (
      <span className="company-logo is-missing" style={style} aria-hidden="true">
        {name.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="company-logo"
      src={apiUrl(src)}
      alt=""
      width={sizePx}
      height={sizePx}
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}
