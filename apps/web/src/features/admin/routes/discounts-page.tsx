import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { type DiscountSort, useDiscounts } from '../api/get-discounts.ts';
import { DataTable } from '../components/data-table.tsx';
import { discountColumns } from '../components/discount-columns.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useListParams } from '../hooks/use-list-params.ts';

const SORTABLE: readonly DiscountSort[] = ['code', 'uses', 'createdAt'];

/** Discounts: every code, searched by code, sorted and paged on the server. */
export default function DiscountsPage() {
  useDocumentTitle('Discounts');
  const list = useListParams(SORTABLE);
  const discounts = useDiscounts(list.params);
  const columns = useMemo(discountColumns, []);

  return (
    <>
      <PageHeader
        title="Discounts"
        description="Codes shoppers enter in the cart, and how often they are used."
      >
        <Button asChild size="sm" className="h-10 rounded-lg">
          <Link to={paths.admin.addDiscount}>
            <Plus aria-hidden="true" className="-ml-1 size-4" />
            Add Discount
          </Link>
        </Button>
      </PageHeader>
      <DataTable
        label="Discounts"
        searchLabel="Search code..."
        columns={columns}
        query={discounts}
        list={list}
        emptyMessage="No discount codes found."
      />
    </>
  );
}
