import { lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
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
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<Navigate to="/shop" replace />} />
          <Route path="shop" element={<ShopPage />} />
          <Route path="tos" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="sell" element={<SellPage />} />
          <Route path="business/:slug" element={<BusinessPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
