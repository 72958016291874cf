import type { Metadata } from "next";
import { MainNav } from "@/components/layout/MainNav";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Seekboard", template: "%s · Seekboard" },
  description: "Leaderboards and trajectory explorer for search-agent benchmarks",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {/* The first stop for keyboard users: past the nav to the page itself (WCAG 2.4.1). */}
        <a
          href="#main"
          className="sr-only rounded-md bg-white text-sm font-medium text-indigo-700 shadow ring-2 ring-indigo-600 focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:px-3 focus:py-2"
          data-testid="skip-link"
        >
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <MainNav />
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
          {children}
        </main>
      </body>
    </html>
  );
}
