import { LegalPage } from './LegalPage';

const HIGHLIGHTS = [
  { key: 'free', icon: 'gift' },
  { key: 'learning', icon: 'cap' },
  { key: 'fair', icon: 'handshake' },
  { key: 'official', icon: 'scale' },
] as const;

const SECTIONS = ['acceptance', 'account', 'use', 'content', 'liability', 'changes'] as const;

export function TermsPage() {
  return (
    <LegalPage kind="terms" updated="2025-06-26" highlights={HIGHLIGHTS} sections={SECTIONS} />
  );
}
