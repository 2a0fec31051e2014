import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';

/**
 * Back through history. Opened from a link in another site or a new tab there is no
 * page of ours to go back to, so it goes to the collection instead.
 */
export function BackButton() {
  const navigate = useNavigate();
  function back() {
    // React Router numbers its history entries; 0 is the page this visit started on.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(paths.products);
  }
  return (
    <Button variant="ghost" size="sm" onClick={back} className="-ml-3 text-ink-soft hover:text-ink">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back
    </Button>
  );
}
