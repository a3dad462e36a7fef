import * as icons from '../../ui/icons/paths';
import { LegalPage } from './LegalPage';

const HIGHLIGHTS = [
  { key: 'minimal', icon: icons.lock },
  { key: 'noSale', icon: icons.ban },
  { key: 'control', icon: icons.sliders },
  { key: 'security', icon: icons.shield },
] as const;

const SECTIONS = ['collect', 'use', 'storage', 'sharing', 'rights', 'changes'] as const;

export function PrivacyPage() {
  return (
    <LegalPage kind="privacy" updated="2025-06-25" highlights={HIGHLIGHTS} sections={SECTIONS} />
  );
}
