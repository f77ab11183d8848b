import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Portuguese (Portugal, as the app's own texts), written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'Confirmar', cancel: 'Cancelar', loading: 'A carregar', close: 'Fechar' },
  Dialog: { ok: 'OK' },
  Modal: { ok: 'OK' },
  InfiniteScroll: {
    noMore: 'Não há mais itens',
    failedToLoad: 'Não foi possível carregar',
    retry: 'Tentar novamente',
  },
  PullToRefresh: {
    pulling: 'Puxe para baixo para atualizar',
    canRelease: 'Solte para atualizar',
    complete: 'Atualizado',
  },
  ErrorBlock: {
    default: { title: 'Algo correu mal', description: 'Tente novamente dentro de momentos.' },
    busy: { title: 'Não foi possível carregar a página', description: 'Atualize a página.' },
    disconnected: { title: 'Sem ligação', description: 'Verifique a sua ligação e tente novamente.' },
    empty: { title: 'Nenhum resultado', description: 'Experimente outra pesquisa.' },
  },
  ImageUploader: { uploading: 'A enviar…', upload: 'Enviar' },
  Input: { clear: 'Limpar' },
  SearchBar: { name: 'Pesquisar' },
  Mask: { name: 'Fundo' },
  Selector: { name: 'Opções' },
  Form: { required: 'Obrigatório', optional: 'Opcional' },
};

export default texts;
