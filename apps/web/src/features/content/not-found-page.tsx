import { NotFound } from '../../shared/not-found';

export default function NotFoundPage() {
  return <NotFound />;
}
