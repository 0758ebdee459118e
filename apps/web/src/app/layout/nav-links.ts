import { paths } from '../../lib/paths';

/** The header's page links; Sign Up is for visitors only. */
export const navLinks = [
  { to: paths.home, labelKey: 'nav.home', end: true, visitorsOnly: false },
  { to: paths.contact, labelKey: 'nav.contact', end: false, visitorsOnly: false },
  { to: paths.about, labelKey: 'nav.about', end: false, visitorsOnly: false },
  { to: paths.signup, labelKey: 'nav.signUp', end: false, visitorsOnly: true },
] as const;

export function visibleNavLinks(signedIn: boolean) {
  return navLinks.filter((link) => !(signedIn && link.visitorsOnly));
}
