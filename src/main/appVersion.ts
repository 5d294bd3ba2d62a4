/** The app's version, in a module of its own so the CLI can print it without loading the board. */
export const APP_VERSION = '0.1.0'
