/// <reference types="vite/client" />

/** The build's id (vite.config.ts): busts the persisted query cache and names the worker's version. */
declare const __BUILD_ID__: string;
