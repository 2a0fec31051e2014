import { STOCK_FILTER_NAMES } from '@habi/shared';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { deleteProduct, useDelete } from '../api/deletes.ts';
import { type AdminProductSort, useAdminProducts } from '../api/get-admin-products.ts';
import { DataTable } from '../components/data-table.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { productColumns } from '../components/product-columns.tsx';
import { StockFilterSelect } from '../components/stock-status.tsx';
import { useListParams } from '../hooks/use-list-params.ts';

const SORTABLE: readonly AdminProductSort[] = ['name', 'createdAt', 'price', 'stock'];

/** Products List: the catalogue, searched, filtered by stock, sorted and paged on the server. */
export default function ProductsPage() {
  useDocumentTitle('Products List');
  const list = useListParams(SORTABLE);
  const stock = list.filter('stock', STOCK_FILTER_NAMES);
  const products = useAdminProducts({ ...list.params, stock });
  const remove = useDelete(deleteProduct);
  const columns = useMemo(() => productColumns(remove.mutateAsync), [remove.mutateAsync]);

  return (
    <>
      <PageHeader title="Products List" description="Every product in the store's catalogue.">
        <Button asChild size="sm" className="h-10 rounded-lg">
          <Link to={paths.admin.addProduct}>
            <Plus aria-hidden="true" className="-ml-1 size-4" />
            Add Product
          </Link>
        </Button>
      </PageHeader>
      <DataTable
        label="Products"
        searchLabel="Filter product name..."
        columns={columns}
        query={products}
        list={list}
        emptyMessage="No product/s found."
        toolbar={<StockFilterSelect value={stock} onChange={(value) => list.setFilter('stock', value)} />}
      />
    </>
  );
}
