import type { KitTexts } from './kit-texts';

/** The UI kit's texts in German, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'Bestätigen', cancel: 'Abbrechen', loading: 'Wird geladen', close: 'Schließen' },
  Dialog: { ok: 'OK' },
  Modal: { ok: 'OK' },
  InfiniteScroll: {
    noMore: 'Keine weiteren Einträge',
    failedToLoad: 'Laden fehlgeschlagen',
    retry: 'Erneut versuchen',
  },
  PullToRefresh: {
    pulling: 'Zum Aktualisieren nach unten ziehen',
    canRelease: 'Zum Aktualisieren loslassen',
    complete: 'Aktualisiert',
  },
  ErrorBlock: {
    default: { title: 'Etwas ist schiefgelaufen', description: 'Bitte versuchen Sie es gleich noch einmal.' },
    busy: { title: 'Seite konnte nicht geladen werden', description: 'Bitte laden Sie die Seite neu.' },
    disconnected: {
      title: 'Keine Verbindung',
      description: 'Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    },
    empty: { title: 'Nichts gefunden', description: 'Versuchen Sie es mit einem anderen Suchbegriff.' },
  },
  ImageUploader: { uploading: 'Wird hochgeladen…', upload: 'Hochladen' },
  Input: { clear: 'Löschen' },
  SearchBar: { name: 'Suche' },
  Mask: { name: 'Hintergrund' },
  Selector: { name: 'Auswahl' },
  Form: { required: 'Pflichtfeld', optional: 'Freiwillig' },
};

export default texts;
