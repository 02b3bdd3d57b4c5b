/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COACH_NAME?: string;
  readonly VITE_BRAND?: string;
  readonly VITE_TAGLINE?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_SCHEDULING_URL?: string;
  readonly VITE_WHATSAPP_NUMBER?: string;
  readonly VITE_WHATSAPP_GREETING?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_YOUTUBE_URL?: string;
  readonly VITE_LINKEDIN_URL?: string;
}

/** The build's id (vite.config.ts): busts the persisted query cache and names the worker's version. */
declare const __BUILD_ID__: string;
