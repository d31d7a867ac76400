/** Replaced at build time by vite.config.ts (`define`); absent when tests run the sources. */
declare const __LOBBY_VERSION__: string | undefined;

/** This build's version: LOBBY_VERSION at build time, else the package version and build time. */
export const APP_VERSION: string = typeof __LOBBY_VERSION__ === 'string' ? __LOBBY_VERSION__ : 'development';
