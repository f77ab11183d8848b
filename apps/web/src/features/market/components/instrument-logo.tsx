import type { Instrument } from '@meridian/contract/market';
import { ApiLogo } from '../../../components/api-logo';
import './market.css';

type InstrumentLogoProps = { instrument: Instrument; sizePx?: number };

/** The instrument's logo (an SVG the server serves); a plain disc holds its place if it fails. */
export function InstrumentLogo({ instrument, sizePx = 34 }: InstrumentLogoProps) {
  return <ApiLogo className="instrument-logo" src={instrument.Logo} sizePx={sizePx} />;
}
