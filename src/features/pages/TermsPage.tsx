import * as icons from '../../ui/icons/paths';
import { LegalPage } from './LegalPage';

const HIGHLIGHTS = [
  { key: 'free', icon: icons.gift },
  { key: 'learning', icon: icons.cap },
  { key: 'fair', icon: icons.handshake },
  { key: 'official', icon: icons.scale },
] as const;

const SECTIONS = ['acceptance', 'account', 'use', 'content', 'liability', 'changes'] as const;

export function TermsPage() {
  return (
    <LegalPage kind="terms" updated="2025-06-26" highlights={HIGHLIGHTS} sections={SECTIONS} />
  );
}
