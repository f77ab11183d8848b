/**
 * The chart's locale: the interface language with Latin digits and the Gregorian calendar, so an
 * axis never switches to another numbering system or to the Buddhist year (Thai) mid-screen.
 */
export function chartLocale(languageTag: string): string {
  return `${languageTag}-u-nu-latn-ca-gregory`;
}

/**
 * Makes the page's first date format in a task of its own, soon, and returns how to cancel it.
 * The first `Intl.DateTimeFormat` a page makes costs ~15 ms (the engine loads its time-zone and
 * calendar data; a phone takes four times that); made while the chart library downloads, it is no
 * longer part of the chart's first draw and legend, the trade page's longest task.
 */
export function prepareDateFormats(locale: string): () => void {
  const timer = setTimeout(() => {
    new Intl.DateTimeFormat(locale, { hour: '2-digit' }).format(0);
  }, 0);
  return () => clearTimeout(timer);
}
