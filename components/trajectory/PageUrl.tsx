import { httpHref } from "@/lib/url/http-href";

/** A URL from a trajectory, as text; a link (opening elsewhere, sending no referrer) only when it is http(s). */
export function PageUrl({ url }: { url: string }) {
  const href = httpHref(url);
  return href !== null ? (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="break-all text-sky-800 underline decoration-sky-300 hover:decoration-sky-700"
      data-testid="page-url"
    >
      {url}
    </a>
  ) : (
    <span className="break-all" data-testid="page-url">
      {url}
    </span>
  );
}
