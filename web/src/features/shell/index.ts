/** The signed-in frame (header, menus, footer) and sign-out. */
export { useLogout } from './api/logout';
export { AppChrome } from './components/app-chrome';
