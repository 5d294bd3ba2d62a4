/** The app's version, from package.json (the one place it is written), bundled at build time. */
export { version as APP_VERSION } from '../../package.json'
