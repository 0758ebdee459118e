import { LegalPage } from './legal-page';

const sections = ['collect', 'use', 'share', 'cookies', 'keep', 'rights'] as const;

export default function PrivacyPolicyPage() {
  return <LegalPage area="privacy" sections={sections} />;
}
