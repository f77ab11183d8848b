// The floor of the web benchmark: the libraries Meridian's first screen cannot do without (React,
// its router's declarative routes, as the app uses them, i18next and TanStack Query), rendering one line
// and nothing else. Built and measured
// beside the app, it shows what this machine and Lighthouse's phone allow before any of our code.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';

function Markets() {
  const { t } = useTranslation();
  return createElement('h1', null, t('markets'));
}

await i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { markets: 'Markets' } } },
});
createRoot(document.getElementById('root')).render(
  createElement(
    QueryClientProvider,
    { client: new QueryClient() },
    createElement(
      BrowserRouter,
      null,
      createElement(Routes, null, createElement(Route, { path: '*', element: createElement(Markets) })),
    ),
  ),
);
