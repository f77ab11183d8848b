import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Italian, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'Conferma', cancel: 'Annulla', loading: 'Caricamento', close: 'Chiudi' },
  Dialog: { ok: 'OK' },
  Modal: { ok: 'OK' },
  InfiniteScroll: {
    noMore: 'Non ci sono altri elementi',
    failedToLoad: 'Caricamento non riuscito',
    retry: 'Riprova',
  },
  PullToRefresh: {
    pulling: 'Trascina verso il basso per aggiornare',
    canRelease: 'Rilascia per aggiornare',
    complete: 'Aggiornato',
  },
  ErrorBlock: {
    default: { title: 'Si è verificato un errore', description: 'Riprova tra qualche istante.' },
    busy: { title: 'Impossibile caricare la pagina', description: 'Aggiorna la pagina.' },
    disconnected: { title: 'Nessuna connessione', description: 'Controlla la connessione e riprova.' },
    empty: { title: 'Nessun risultato', description: "Prova con un'altra ricerca." },
  },
  ImageUploader: { uploading: 'Caricamento in corso…', upload: 'Carica' },
  Input: { clear: 'Cancella' },
  SearchBar: { name: 'Cerca' },
  Mask: { name: 'Sfondo' },
  Selector: { name: 'Opzioni' },
  Form: { required: 'Obbligatorio', optional: 'Facoltativo' },
};

export default texts;
