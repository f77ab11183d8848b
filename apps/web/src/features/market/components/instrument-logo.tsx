import type { Instrument } from '@meridian/contract/market';
import { useState } from 'react';
import { apiUrl } from '../../../lib/api-client';
import './market.css';

type InstrumentLogoProps = { instrument: Instrument; sizePx?: number };

/** The instrument's logo (an SVG the server serves); a plain disc holds its place if it fails. */
export function InstrumentLogo({ instrument, sizePx = 34 }: InstrumentLogoProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: sizePx, height: sizePx };
  if (failed || !instrument.Logo)
    return <span className="instrument-logo is-missing" style={style} aria-hidden="true" />;
  return (
    <img
      className="instrument-logo"
      src={apiUrl(instrument.Logo)}
      alt=""
      width={sizePx}
      height={sizePx}
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}
