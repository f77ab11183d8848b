import { BrandMark } from './brand-mark';

type AuthHeadingProps = { title: string; subtitle: string };

/** The brand and a one-line welcome above the login, sign-up and reset forms. */
export function AuthHeading({ title, subtitle }: AuthHeadingProps) {
  return (
    <header className="auth-heading">
      <BrandMark sizePx={48} />
      <h1 className="auth-title">{title}</h1>
      <p className="auth-subtitle">{subtitle}</p>
    </header>
  );
}
