import { LegalPage } from './legal-page';

const sections = ['account', 'orders', 'delivery', 'returns', 'coupons', 'liability'] as const;

export default function TermsPage() {
  return <LegalPage area="terms" sections={sections} />;
}
