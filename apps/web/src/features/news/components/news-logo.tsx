import { ApiLogo } from '../../../components/api-logo';
import './news.css';

type NewsLogoProps = { src: string; sizePx: number };

/** A story's picture (an image the API host serves); a plain tile keeps its place if it fails. */
export function NewsLogo({ src, sizePx }: NewsLogoProps) {
  return <ApiLogo className="news-logo" src={src} sizePx={sizePx} lazy />;
}
