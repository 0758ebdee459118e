/** The header's page links; Sign Up is for visitors only. */
export const navLinks = [
  { to: '/', labelKey: 'nav.home', end: true, visitorsOnly: false },
  { to: '/contact', labelKey: 'nav.contact', end: false, visitorsOnly: false },
  { to: '/about', labelKey: 'nav.about', end: false, visitorsOnly: false },
  { to: '/signup', labelKey: 'nav.signUp', end: false, visitorsOnly: true },
] as const;

export function visibleNavLinks(signedIn: boolean) {
  return navLinks.filter((link) => !(signedIn && link.visitorsOnly));
}
