import type { KitTexts } from './kit-texts';

/** The UI kit's texts in English, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'Confirm', cancel: 'Cancel', loading: 'Loading', close: 'Close' },
  Dialog: { ok: 'OK' },
  Modal: { ok: 'OK' },
  InfiniteScroll: { noMore: 'No more items', failedToLoad: "Couldn't load more", retry: 'Try again' },
  PullToRefresh: { pulling: 'Pull down to refresh', canRelease: 'Release to refresh', complete: 'Refreshed' },
  ErrorBlock: {
    default: { title: 'Something went wrong', description: 'Please try again in a moment.' },
    busy: { title: "This page couldn't load", description: 'Please refresh the page.' },
    disconnected: { title: 'No connection', description: 'Check your connection and try again.' },
    empty: { title: 'Nothing found', description: 'Try a different search.' },
  },
  ImageUploader: { uploading: 'Uploading…', upload: 'Upload' },
  Input: { clear: 'Clear' },
  SearchBar: { name: 'Search' },
  Mask: { name: 'Background' },
  Selector: { name: 'Options' },
  Form: { required: 'Required', optional: 'Optional' },
};

export default texts;
