/**
 * Word overlap between task titles, for guessing a category from the user's own history.
 * Words come from Intl.Segmenter, which also splits Chinese and Japanese titles into words.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The distinct lower-case words of a title. */
export function titleWords(title: string): Set<string> {
  const words = new Set<string>();
  for (const part of segmenter.segment(title.toLowerCase())) {
    if (part.isWordLike) words.add(part.segment);
  }
  return words;
}

/** Words shorter than this are not matched as a prefix (so "a" does not match "apple"). */
const MIN_PREFIX = 3;

/**
 * How alike two titles are, 0 to 1: shared words over all words (Jaccard), where a word typed so
 * far that begins a past title's word counts half (the title is usually still being typed).
 */
export function titleSimilarity(typed: ReadonlySet<string>, past: ReadonlySet<string>): number {
  if (typed.size === 0 || past.size === 0) return 0;
  let shared = 0;
  for (const word of typed) {
    if (past.has(word)) shared += 1;
    else if (word.length >= MIN_PREFIX && [...past].some((p) => p.startsWith(word))) shared += 0.5;
  }
  return shared / (typed.size + past.size - shared);
}
