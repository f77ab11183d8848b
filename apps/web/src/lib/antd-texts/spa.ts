import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Spanish, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'Confirmar', cancel: 'Cancelar', loading: 'Cargando', close: 'Cerrar' },
  Dialog: { ok: 'Aceptar' },
  Modal: { ok: 'Aceptar' },
  InfiniteScroll: { noMore: 'No hay más elementos', failedToLoad: 'No se pudo cargar', retry: 'Reintentar' },
  PullToRefresh: {
    pulling: 'Deslice hacia abajo para actualizar',
    canRelease: 'Suelte para actualizar',
    complete: 'Actualizado',
  },
  ErrorBlock: {
    default: { title: 'Algo salió mal', description: 'Inténtelo de nuevo en un momento.' },
    busy: { title: 'No se pudo cargar la página', description: 'Actualice la página.' },
    disconnected: { title: 'Sin conexión', description: 'Compruebe su conexión e inténtelo de nuevo.' },
    empty: { title: 'No se encontraron resultados', description: 'Pruebe con otra búsqueda.' },
  },
  ImageUploader: { uploading: 'Subiendo…', upload: 'Subir' },
  Input: { clear: 'Borrar' },
  SearchBar: { name: 'Buscar' },
  Mask: { name: 'Fondo' },
  Selector: { name: 'Opciones' },
  Form: { required: 'Obligatorio', optional: 'Opcional' },
};

export default texts;
