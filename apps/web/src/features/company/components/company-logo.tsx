import { ApiLogo } from '../../../components/api-logo';
import './company-search.css';

/** A company's logo from the API host; a tile with its initial keeps the place if it fails. */
export function CompanyLogo({ src, name, sizePx }: { src: string; name: string; sizePx: number }) {
  return <ApiLogo className="company-logo" src={src} sizePx={sizePx} fallback={name.slice(0, 1)} />;
}
