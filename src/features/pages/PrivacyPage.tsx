import { LegalPage } from './LegalPage';

const HIGHLIGHTS = [
  { key: 'minimal', icon: 'lock' },
  { key: 'noSale', icon: 'ban' },
  { key: 'control', icon: 'sliders' },
  { key: 'security', icon: 'shield' },
] as const;

const SECTIONS = ['collect', 'use', 'storage', 'sharing', 'rights', 'changes'] as const;

export function PrivacyPage() {
  return (
    <LegalPage kind="privacy" updated="2025-06-25" highlights={HIGHLIGHTS} sections={SECTIONS} />
  );
}
