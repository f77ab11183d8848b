import type { KitTexts } from './kit-texts';

/** The UI kit's texts in French, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'Confirmer', cancel: 'Annuler', loading: 'Chargement', close: 'Fermer' },
  Dialog: { ok: 'OK' },
  Modal: { ok: 'OK' },
  InfiniteScroll: { noMore: 'Aucun autre élément', failedToLoad: 'Échec du chargement', retry: 'Réessayer' },
  PullToRefresh: {
    pulling: 'Tirez vers le bas pour actualiser',
    canRelease: 'Relâchez pour actualiser',
    complete: 'Actualisé',
  },
  ErrorBlock: {
    default: { title: "Une erreur s'est produite", description: 'Veuillez réessayer dans un instant.' },
    busy: { title: 'Impossible de charger la page', description: 'Veuillez actualiser la page.' },
    disconnected: { title: 'Pas de connexion', description: 'Vérifiez votre connexion et réessayez.' },
    empty: { title: 'Aucun résultat', description: 'Essayez une autre recherche.' },
  },
  ImageUploader: { uploading: 'Importation…', upload: 'Importer' },
  Input: { clear: 'Effacer' },
  SearchBar: { name: 'Recherche' },
  Mask: { name: 'Arrière-plan' },
  Selector: { name: 'Choix' },
  Form: { required: 'Obligatoire', optional: 'Facultatif' },
};

export default texts;
