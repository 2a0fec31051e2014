import '../admin.css';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from '../../../components/layout/not-found.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { AdminLayout } from '../components/admin-layout.tsx';

// Each page is its own chunk inside the back office's: signing in never loads the tables.
const SignInPage = lazy(() => import('./sign-in-page.tsx'));
const DashboardPage = lazy(() => import('./dashboard-page.tsx'));
const ProductsPage = lazy(() => import('./products-page.tsx'));
const AddProductPage = lazy(() => import('./add-product-page.tsx'));
const ProductViewPage = lazy(() => import('./product-view-page.tsx'));
const ProductEditPage = lazy(() => import('./product-edit-page.tsx'));
const OrdersPage = lazy(() => import('./orders-page.tsx'));
const ManageOrderPage = lazy(() => import('./manage-order-page.tsx'));
const ShipByCsvPage = lazy(() => import('./ship-by-csv-page.tsx'));
const PackingSlipsPage = lazy(() => import('./packing-slips-page.tsx'));
const PaymentsPage = lazy(() => import('./payments-page.tsx'));
const ReturnsPage = lazy(() => import('./returns-page.tsx'));
const UsersPage = lazy(() => import('./users-page.tsx'));
const DiscountsPage = lazy(() => import('./discounts-page.tsx'));
const AddDiscountPage = lazy(() => import('./add-discount-page.tsx'));
const DiscountEditPage = lazy(() => import('./discount-edit-page.tsx'));
const EmailsPage = lazy(() => import('./emails-page.tsx'));
const SubscribersPage = lazy(() => import('./subscribers-page.tsx'));
const ProfilePage = lazy(() => import('./profile-page.tsx'));
const SizeChartsPage = lazy(() => import('./size-charts-page.tsx'));

/**
 * The back office, mounted at /admin/* and loaded only when visited. /admin/auth
 * stands alone; every other page sits in the guarded admin layout; unknown paths get the 404.
 */
export default function AdminApp() {
  return (
    <Suspense fallback={<Loading className="min-h-dvh" />}>
      <Routes>
        <Route path="auth" element={<SignInPage />} />
        {/* Printed pages: no back-office header or menu around them. */}
        <Route path="orders/packing_slips" element={<PackingSlipsPage />} />
        <Route element={<AdminLayout />}>
          <Route index element={<ProductsPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="add_product" element={<AddProductPage />} />
          <Route path="product_view" element={<ProductViewPage />} />
          <Route path="product_edit" element={<ProductEditPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/ship_by_csv" element={<ShipByCsvPage />} />
          <Route path="product_management" element={<ManageOrderPage />} />
          <Route path="payments" element={<PaymentsPage />} />
          <Route path="returns" element={<ReturnsPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="discounts" element={<DiscountsPage />} />
          <Route path="add_discount" element={<AddDiscountPage />} />
          <Route path="discount_edit" element={<DiscountEditPage />} />
          <Route path="subscribers" element={<SubscribersPage />} />
          <Route path="emails" element={<EmailsPage />} />
          <Route path="size_charts" element={<SizeChartsPage />} />
          <Route path="update_admin_profile" element={<ProfilePage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
