"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/** The phone's menu: a native disclosure that closes again once a link in it has navigated (the layout, and so the menu, stays mounted). */
export function NavMenu({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <details ref={menu} className="relative md:hidden" data-testid="nav-menu">
      <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-700">
        Menu
      </summary>
      <div className="absolute right-0 z-30 mt-2 flex w-48 flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 shadow-lg">
        {children}
      </div>
    </details>
  );
}
