import unhomoglyph from 'unhomoglyph';

/**
 * How trader names are told apart, so that nobody can pass for another trader (a name in Cyrillic,
 * "ЕТН RSI Range", would otherwise be listed beside the strategy trader "ETH RSI Range"). A name is normalized first (packages/domain
 * display-name.ts); then two keys, each unique in the traders table:
 * - its skeleton, as Unicode TR39 defines it: NFD, default ignorables removed, each character
 *   replaced by its prototype from the Unicode confusables data (shipped by `unhomoglyph`), NFD
 *   again. Names that look alike share it: "ЕТН" and "ETH", "l" and "I", "rn" and "m".
 * - the skeleton of the lower-case name, for what differs in case as well: "етн" against "ETH".
 * A skeleton is for comparing, never for showing.
 */

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

export function skeletonOf(text: string): string {
  return unhomoglyph(text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')).normalize('NFD');
}

export type TraderNameKeys = { nameSkeleton: string; nameFoldedSkeleton: string };

/** The keys of a normalized display name, as the traders table stores them. */
export function traderNameKeys(displayName: string): TraderNameKeys {
  return {
    nameSkeleton: skeletonOf(displayName),
    nameFoldedSkeleton: skeletonOf(displayName.toLowerCase()),
  };
}

/** The unique indexes of the traders table a name can collide on, and what each collision means. */
export const TRADER_NAME_CONSTRAINTS = {
  traders_display_name_unique: 'error.trader_name_taken',
  traders_name_skeleton_unique: 'error.trader_name_lookalike',
  traders_name_folded_skeleton_unique: 'error.trader_name_lookalike',
} as const;
