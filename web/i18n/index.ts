import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, isLanguage, type TLanguage } from '../../shared/constants.js';
import authEn from './auth/en.json';
import billingEn from './billing/en.json';
import billingEs from './billing/es.json';
import billingPt from './billing/pt.json';
import authEs from './auth/es.json';
import authPt from './auth/pt.json';
import dashboardEn from './dashboard/en.json';
import dashboardEs from './dashboard/es.json';
import dashboardPt from './dashboard/pt.json';
import integrationsEn from './integrations/en.json';
import integrationsEs from './integrations/es.json';
import integrationsPt from './integrations/pt.json';
import moderationEn from './moderation/en.json';
import moderationEs from './moderation/es.json';
import moderationPt from './moderation/pt.json';
import reviewsEn from './reviews/en.json';
import reviewsEs from './reviews/es.json';
import reviewsPt from './reviews/pt.json';
import shellEn from './en.json';
import shellEs from './es.json';
import shellPt from './pt.json';
import settingsEn from './settings/en.json';
import settingsEs from './settings/es.json';
import settingsPt from './settings/pt.json';
import widgetsEn from './widgets/en.json';
import widgetsEs from './widgets/es.json';
import widgetsPt from './widgets/pt.json';

// One file per area (shell, auth pages, dashboard, settings pages, integrations, reviews, bulk moderation and review
// details, widget settings), merged into one namespace per language.
// Typed against the English bundle so a key missing from a translation fails the typecheck.
export const en = {
  ...shellEn,
  auth: authEn,
  dashboard: dashboardEn,
  settingsPages: settingsEn,
  integrations: integrationsEn,
  billing: billingEn,
  reviews: reviewsEn,
  moderation: moderationEn,
  widgets: widgetsEn,
};
const es: typeof en = {
  ...shellEs,
  auth: authEs,
  dashboard: dashboardEs,
  settingsPages: settingsEs,
  integrations: integrationsEs,
  billing: billingEs,
  reviews: reviewsEs,
  moderation: moderationEs,
  widgets: widgetsEs,
};
const pt: typeof en = {
  ...shellPt,
  auth: authPt,
  dashboard: dashboardPt,
  settingsPages: settingsPt,
  integrations: integrationsPt,
  billing: billingPt,
  reviews: reviewsPt,
  moderation: moderationPt,
  widgets: widgetsPt,
};

const resources = {
  en: { translation: en },
  es: { translation: es },
  pt: { translation: pt },
};

let clientInstance: i18n | undefined;

function createI18n(lng: TLanguage): i18n {
  const instance = i18next.createInstance();
  // With inline resources and `initAsync: false`, init completes before it returns.
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** A fresh instance per server render (requests must not share a language); one instance in the browser. */
export function getI18n(lng: TLanguage): i18n {
  if (import.meta.env.SSR) return createI18n(lng);
  clientInstance ??= createI18n(lng);
  return clientInstance;
}

/** The language the browser currently shows, which the user may have changed since the page loaded. */
export function currentLanguage(fallback: TLanguage): TLanguage {
  const lng = clientInstance?.resolvedLanguage;
  return isLanguage(lng) ? lng : fallback;
}
