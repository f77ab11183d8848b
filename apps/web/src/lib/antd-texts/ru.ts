import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Russian, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'Подтвердить', cancel: 'Отмена', loading: 'Загрузка', close: 'Закрыть' },
  Dialog: { ok: 'ОК' },
  Modal: { ok: 'ОК' },
  InfiniteScroll: { noMore: 'Больше ничего нет', failedToLoad: 'Не удалось загрузить', retry: 'Повторить' },
  PullToRefresh: {
    pulling: 'Потяните вниз, чтобы обновить',
    canRelease: 'Отпустите, чтобы обновить',
    complete: 'Обновлено',
  },
  ErrorBlock: {
    default: { title: 'Что-то пошло не так', description: 'Повторите попытку через минуту.' },
    busy: { title: 'Не удалось загрузить страницу', description: 'Обновите страницу.' },
    disconnected: { title: 'Нет соединения', description: 'Проверьте подключение и повторите попытку.' },
    empty: { title: 'Ничего не найдено', description: 'Попробуйте изменить запрос.' },
  },
  ImageUploader: { uploading: 'Загрузка файла…', upload: 'Загрузить' },
  Input: { clear: 'Очистить' },
  SearchBar: { name: 'Поиск' },
  Mask: { name: 'Фон' },
  Selector: { name: 'Варианты' },
  Form: { required: 'Обязательно', optional: 'Необязательно' },
};

export default texts;
