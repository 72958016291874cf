import type { NextConfig } from "next";

/**
 * Everything from this origin only. Scripts need 'unsafe-inline' for Next's inline
 * bootstrap (nonces would force every page through a proxy), styles for the charts'
 * style attributes, and development needs 'unsafe-eval' for React's error overlay.
 * Untrusted text is never rendered as HTML, so this is the second line of defence.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next hashes every page it sends, in JavaScript, to make an ETag: about 1 ms of server
  // time for a 450 KB trajectory page, on every request. Public pages get a validator of their own, from the data they show (proxy.ts),
  // which answers a revalidation without rendering; static assets keep their own validators.
  generateEtags: false,
  // Server actions keep Next's default body limit (1 MB), the login included: the one form
  // that sends a file (an official task file, up to 16 MiB) posts to an API route that counts
  // its body as it arrives (POST /api/admin/task-sets, server/task-sets.ts).
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
  // Browsers still ask for /favicon.ico on their own (before a page's <link rel="icon"> is
  // read, or for a JSON answer); it was a 404, which e2e specs caught now and then as a
  // console error.
  async redirects() {
    return [{ source: "/favicon.ico", destination: "/icon.svg", permanent: true }];
  },
};

export default nextConfig;
