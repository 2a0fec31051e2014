import { formatDayMonthYear, formatPHP, type ProductSummary, STOCK_FILTER_NAMES } from '@habi/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Eye, Pencil, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { paths } from '../../../lib/paths.ts';
import { deleteProduct, useDelete } from '../api/deletes.ts';
import { type AdminProductSort, useAdminProducts } from '../api/get-admin-products.ts';
import { DataTable, look } from '../components/data-table.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { actionsColumn } from '../components/row-menu.tsx';
import { StockFilterSelect, StockStatus } from '../components/stock-status.tsx';
import { useListParams } from '../hooks/use-list-params.ts';

const SORTABLE: readonly AdminProductSort[] = ['name', 'createdAt', 'price', 'stock'];
const column = createColumnHelper<ProductSummary>();

/** Products List: the catalogue, searched, filtered by stock, sorted and paged on the server. */
export default function ProductsPage() {
  useDocumentTitle('Products List');
  const list = useListParams(SORTABLE);
  const stock = list.filter('stock', STOCK_FILTER_NAMES);
  const products = useAdminProducts({ ...list.params, stock });
  const remove = useDelete(deleteProduct);

  const columns = useMemo(
    () => [
      column.accessor('imageUrl', {
        header: 'Image',
        enableSorting: false,
        meta: look({ className: 'w-20', srOnlyHeader: false }),
        cell: (info) => (
          <ProductImage
            src={info.getValue()}
            alt={info.row.original.name}
            sizes="48px"
            className="size-12 rounded-lg border border-line"
          />
        ),
      }),
      column.accessor('name', {
        id: 'name',
        header: 'Product Name',
        meta: look({ className: 'min-w-52' }),
        cell: (info) => (
          <Link
            to={paths.admin.productView(info.row.original._id)}
            className="font-semibold text-ink hover:text-accent hover:underline"
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor('category', {
        header: 'Category',
        enableSorting: false,
        cell: (info) => info.getValue() ?? <span className="text-muted">—</span>,
      }),
      column.accessor('subCategory', {
        header: 'Subcategory',
        enableSorting: false,
        cell: (info) => info.getValue() ?? <span className="text-muted">—</span>,
      }),
      column.accessor('createdAt', {
        id: 'createdAt',
        header: 'Date published',
        meta: look({ className: 'whitespace-nowrap tabular-nums' }),
        cell: (info) => formatDayMonthYear(info.getValue()),
      }),
      column.accessor('price', {
        id: 'price',
        header: 'Price',
        meta: look({ className: 'text-right whitespace-nowrap tabular-nums' }),
        cell: (info) => <span className="font-semibold">{formatPHP(info.getValue())}</span>,
      }),
      column.accessor('stockTotal', {
        id: 'stock',
        header: 'Stock',
        meta: look({ className: 'whitespace-nowrap' }),
        cell: (info) => <StockStatus total={info.getValue()} />,
      }),
      actionsColumn(column, (product) => ({
        rowName: product.name,
        links: [
          { label: 'More Details', to: paths.admin.productView(product._id), icon: Eye },
          { label: 'Edit', to: paths.admin.productEdit(product._id), icon: Pencil },
        ],
        remove: {
          what: (
            <>
              the product <strong className="text-ink">{product.name}</strong>
            </>
          ),
          run: () => remove.mutateAsync(product._id),
        },
      })),
    ],
    [remove.mutateAsync],
  );

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
