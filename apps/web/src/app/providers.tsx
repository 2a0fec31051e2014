import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Slide, ToastContainer } from 'react-toastify';
import { createQueryClient } from '../lib/query-client.ts';

/** Toasts close after 3000 ms, top right. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={3000} transition={Slide} newestOnTop theme="light" />
    </QueryClientProvider>
  );
}
