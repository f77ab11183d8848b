import { accept, type RuleResult, refuse } from './rule-result';

/**
 * Names that other users see (a copy-trading trader's display name, an agent's name in the chat)
 * are stored in one canonical form, so that what looks the same is the same text
 * (docs/decisions.md, "Text at the edge"):
 * - invisible characters are removed: format characters (zero-width spaces and joiners, bidi
 *   marks, embeddings, overrides and isolates, soft hyphens, tags) and every other default
 *   ignorable code point (fillers, variation selectors);
 * - NFKC: compatibility forms become the ordinary letters (full-width Ｅ, ligature ﬁ, superscripts)
 *   and a no-break space an ordinary space;
 * - every run of blanks (spaces of any width, line breaks, control characters, the braille blank)
 *   becomes one space, and the ends are trimmed.
 * The comparison with other names (a look-alike in another script) is the server's: it needs the
 * Unicode confusables data, which the domain does not carry.
 */

const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const ONE_INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const BLANKS = /[\s\p{Cc}\u2800]+/gu;
/** Removing a character can let NFKC compose its neighbours anew, so the steps repeat until still. */
const NORMALIZATION_PASSES_MAX = 4;

function normalizeOnce(name: string): string {
  return name.replace(INVISIBLE, '').normalize('NFKC').replace(INVISIBLE, '').replace(BLANKS, ' ').trim();
}

/**
 * True when a name holds a character the normal form would remove: a bidi control (U+202E, the
 * isolates U+2066..U+2069, the marks U+200E/U+200F), a zero-width one (U+200B..U+200D, U+FEFF), a
 * soft hyphen, a filler or a variation selector. Where a person is there to be told (a staff member
 * naming a colleague), such a name is refused rather than quietly changed: a U+202E in an agent's
 * name would turn what customers read in the chat around.
 */
export function hasInvisibleCharacters(name: string): boolean {
  return ONE_INVISIBLE.test(name);
}

export function normalizeDisplayName(name: string): string {
  let current = name;
  for (let pass = 0; pass < NORMALIZATION_PASSES_MAX; pass += 1) {
    const next = normalizeOnce(current);
    if (next === current) return current;
    current = next;
  }
  return current;
}

export type DisplayNameLimits = { lengthMin: number; lengthMax: number };
export type DisplayNameRefusal = 'validation.trader_name_length';

/**
 * A display name as it will be stored, or refused when its normalized form is too short or too
 * long (removing invisible characters shortens a name; NFKC may lengthen one, as ﬃ -> ffi).
 * Lengths count code points, as the database's char_length does.
 */
export function checkDisplayName(
  name: string,
  limits: DisplayNameLimits,
): RuleResult<string, DisplayNameRefusal> {
  const normalized = normalizeDisplayName(name);
  const length = [...normalized].length;
  if (length < limits.lengthMin || length > limits.lengthMax)
    return refuse('validation.trader_name_length', {
      min: String(limits.lengthMin),
      max: String(limits.lengthMax),
    });
  return accept(normalized);
}
