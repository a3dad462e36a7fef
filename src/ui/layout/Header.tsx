import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useOptionalSession, useSignedIn } from '../../lib/session';
import { useDismiss } from '../../lib/use-dismiss';
import { useOffersDonations, useRegistrationOpen, useSiteName } from '../../lib/site-settings';
import { buttonClass } from '../button/Button';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { Dropdown, menuStyles } from '../menu/Dropdown';
import * as styles from './layout.css';
import { usePublishedHeaderHeight } from './header-height';
import { ThemeToggle } from './ThemeToggle';
import { ADMIN_LINK, USER_LINKS, initialOf } from './user-links';
import { greetingName } from '../../lib/person-name';
import { Icon } from '../icons/Icon';
import * as icons from '../icons/frame-paths';

/** The sticky navigation bar: brand, links, language, theme, and the user menu or guest buttons. */
export function Header() {
  const { t } = useTranslation('common');
  const { user, isAuthenticated, isAdmin } = useSignedIn();
  const session = useOptionalSession();
  const siteName = useSiteName();
  const registrationOpen = useRegistrationOpen();
  const navigate = useNavigate();
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  usePublishedHeaderHeight(headerRef);
  const closeMobileMenu = useCallback(() => setMobileOpen(false), []);
  // The phone menu closes on Escape (back to its button), on a press outside the header and
  // when the focus leaves the header, so it never covers what the focus has moved on to.
  useDismiss(headerRef, mobileOpen, closeMobileMenu, menuButtonRef);
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (mobileOpen && next instanceof Node && !event.currentTarget.contains(next)) {
      closeMobileMenu();
    }
  };
  const signedIn = isAuthenticated && user !== null;
  // A stored session being restored offers no sign-in: the learner's menu comes in a moment
  // (or the sign-in, should the session be refused).
  const restoring = isAuthenticated && user === null;
  const offersDonations = useOffersDonations();
  const learnerLinks = USER_LINKS.filter((link) => link.to !== '/donations' || offersDonations);
  const links = isAdmin ? [...learnerLinks, ADMIN_LINK] : learnerLinks;
  // A signed-in bar carries links and the user menu, so it turns compact at a wider width.
  const bar = signedIn ? 'member' : 'guest';

  // A link in the phone menu closes it when tapped, also one to the page already open (Training
  // from an express run goes back to the mode cards at the same pathname); a change of page by
  // other means (the browser's Back) closes it too.
  useEffect(() => setMobileOpen(false), [pathname]);

  // Logging out (or a session that ends) takes away the control that had the focus (the user
  // menu, the phone menu's Log out): the page's content takes it rather than the body.
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasSignedIn.current && !signedIn && lost) {
      document.getElementById('main')?.focus({ preventScroll: true });
    }
    wasSignedIn.current = signedIn;
  }, [signedIn]);

  const logout = async () => {
    setMobileOpen(false);
    await navigate({ to: '/' });
    // A page may ask first (an exam whose clock runs); staying there keeps the session.
    if (router.state.location.pathname !== '/') return;
    session?.actor?.send({ type: 'user.logout' });
  };

  const name = user ? greetingName(user) : '';

  return (
    <header ref={headerRef} className={styles.header} onBlur={closeWhenFocusLeaves}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand} title={siteName}>
          <span className={styles.brandMark} aria-hidden="true">
            <Icon path={icons.car} size={20} />
          </span>
          <span className={styles.brandName}>{siteName}</span>
        </Link>

        {signedIn && (
          <nav className={styles.navLinks} aria-label={t('nav.main')}>
            {USER_LINKS.slice(0, 4).map((link) => (
              <Link key={link.to} to={link.to} className={styles.navLink}>
                {t(link.key)}
              </Link>
            ))}
          </nav>
        )}

        <div className={styles.desktopOnly[bar]}>
          <LanguageSwitcher testId="language-header" labelClassName={styles.languageName} />
          <ThemeToggle />
          {signedIn ? (
            <Dropdown
              label={t('nav.userMenu', { name })}
              testId="user-menu"
              trigger={
                <>
                  <span className={styles.avatar} aria-hidden="true">
                    {initialOf(user)}
                  </span>
                  <span className={styles.userName}>{name}</span>
                </>
              }
            >
              {(close) => (
                <>
                  <div className={menuStyles.header} role="presentation">
                    {user.email}
                  </div>
                  {links.map((link) => (
                    <Link
                      key={link.to}
                      to={link.to}
                      role="menuitem"
                      className={menuStyles.item}
                      onClick={close}
                    >
                      {t(link.key)}
                    </Link>
                  ))}
                  <Link to="/profile" role="menuitem" className={menuStyles.item} onClick={close}>
                    {t('nav.profile')}
                  </Link>
                  <div className={menuStyles.separator} role="separator" />
                  <button
                    type="button"
                    role="menuitem"
                    className={menuStyles.item}
                    onClick={() => {
                      close();
                      void logout();
                    }}
                  >
                    {t('nav.logout')}
                  </button>
                </>
              )}
            </Dropdown>
          ) : restoring ? null : (
            <>
              <Link to="/login" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
                {t('nav.login')}
              </Link>
              {registrationOpen && (
                <Link to="/register" className={buttonClass({ variant: 'primary', size: 'sm' })}>
                  {t('nav.register')}
                </Link>
              )}
            </>
          )}
        </div>

        <div className={styles.mobileOnly[bar]}>
          <ThemeToggle />
          <button
            ref={menuButtonRef}
            type="button"
            className={styles.iconButton}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMobileOpen((open) => !open)}
            data-testid="mobile-menu-toggle"
          >
            <Icon path={mobileOpen ? icons.close : icons.menu} size={20} />
          </button>
        </div>
      </div>

      {mobileOpen && (
        <nav id="mobile-menu" className={styles.mobileMenu[bar]} aria-label={t('nav.mobile')}>
          {signedIn ? (
            <>
              <div className={styles.mobileGreeting}>
                <strong>{t('nav.greeting', { name })}</strong>
                <div className={styles.mobileEmail}>{user.email}</div>
              </div>
              {[...links, { to: '/profile', key: 'nav.profile' } as const].map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className={styles.mobileLink}
                  onClick={closeMobileMenu}
                >
                  {t(link.key)}
                </Link>
              ))}
              <button type="button" className={styles.mobileLink} onClick={() => void logout()}>
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <>
              <Link to="/" className={styles.mobileLink} onClick={closeMobileMenu}>
                {t('nav.home')}
              </Link>
              {!restoring && (
                <>
                  <Link to="/login" className={styles.mobileLink} onClick={closeMobileMenu}>
                    {t('nav.login')}
                  </Link>
                  {registrationOpen && (
                    <Link to="/register" className={styles.mobileLink} onClick={closeMobileMenu}>
                      {t('nav.register')}
                    </Link>
                  )}
                </>
              )}
            </>
          )}
          <div className={styles.mobileRow}>
            <LanguageSwitcher testId="language-mobile" align="start" />
          </div>
        </nav>
      )}
    </header>
  );
}
