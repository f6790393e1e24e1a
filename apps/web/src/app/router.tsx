import { lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { RequireLogin } from '../components/require-login';
import { AppLayout } from './layout';

// Route-level code splitting: each page is its own chunk.
const ShopPage = lazy(() =>
  import('../features/shop/shop-page').then((m) => ({ default: m.ShopPage })),
);
const BusinessPage = lazy(() =>
  import('../features/business/business-page').then((m) => ({ default: m.BusinessPage })),
);
const TermsPage = lazy(() =>
  import('../features/content/terms-page').then((m) => ({ default: m.TermsPage })),
);
const PrivacyPage = lazy(() =>
  import('../features/content/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
const AboutPage = lazy(() =>
  import('../features/content/about-page').then((m) => ({ default: m.AboutPage })),
);
const SellPage = lazy(() =>
  import('../features/content/sell-page').then((m) => ({ default: m.SellPage })),
);
const SignUpPage = lazy(() =>
  import('../features/accounts/signup-page').then((m) => ({ default: m.SignUpPage })),
);
const LogInPage = lazy(() =>
  import('../features/accounts/login-page').then((m) => ({ default: m.LogInPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/accounts/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/accounts/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const SellerLayout = lazy(() =>
  import('../features/seller/seller-layout').then((m) => ({ default: m.SellerLayout })),
);
const OrdersPage = lazy(() =>
  import('../features/seller/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const WholesaleApplyPage = lazy(() =>
  import('../features/wholesale/apply-page').then((m) => ({ default: m.WholesaleApplyPage })),
);
const AdminArea = lazy(() =>
  import('../features/admin/admin-area').then((m) => ({ default: m.AdminArea })),
);
const NewBusinessPage = lazy(() =>
  import('../features/business-profile/new-business-page').then((m) => ({
    default: m.NewBusinessPage,
  })),
);
const EditProfilePage = lazy(() =>
  import('../features/business-profile/edit-profile-page').then((m) => ({
    default: m.EditProfilePage,
  })),
);
const ManageProductsPage = lazy(() =>
  import('../features/products/manage-products-page').then((m) => ({
    default: m.ManageProductsPage,
  })),
);
const ProductFormPage = lazy(() =>
  import('../features/products/product-form-page').then((m) => ({ default: m.ProductFormPage })),
);
const ConnectStatusPage = lazy(() =>
  import('../features/payments/connect-status-page').then((m) => ({
    default: m.ConnectStatusPage,
  })),
);
const OfflineOnboardingPage = lazy(() =>
  import('../features/payments/offline-onboarding-page').then((m) => ({
    default: m.OfflineOnboardingPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<Navigate to="/shop" replace />} />
          <Route path="shop" element={<ShopPage redirectWholesaleBuyers />} />
          <Route path="tos" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="sell" element={<SellPage />} />
          <Route path="signup" element={<SignUpPage />} />
          <Route path="login" element={<LogInPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          {/* The seller pages; the layout adds the sidebar for people who work at a business. */}
          <Route element={<SellerLayout />}>
            <Route element={<RequireLogin />}>
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="business/orders" element={<OrdersPage />} />
              <Route path="business/new" element={<NewBusinessPage />} />
              <Route path="business/:slug/edit" element={<EditProfilePage />} />
              <Route path="business/:slug/products" element={<ManageProductsPage />} />
              <Route path="business/:slug/products/new" element={<ProductFormPage />} />
              <Route path="business/:slug/products/edit/:productId" element={<ProductFormPage />} />
              <Route path="business/:slug/stripe-connect-status" element={<ConnectStatusPage />} />
            </Route>
            {/* The shop again, where wholesale buyers (redirected from /shop) shop too. */}
            <Route path="business/research-and-shop" element={<ShopPage />} />
            {/* After the fixed /business/... paths above, which are not business slugs. */}
            <Route path="business/:slug" element={<BusinessPage />} />
          </Route>
          <Route element={<RequireLogin />}>
            <Route path="wholesale/apply" element={<WholesaleApplyPage />} />
            <Route path="admin/*" element={<AdminArea />} />
            {/* The offline payment provider's stand-in for Stripe's hosted onboarding. */}
            <Route path="offline-payments/onboarding" element={<OfflineOnboardingPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
