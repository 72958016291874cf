"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Reloads the page's data every couple of seconds while its job is queued or running. */
export function RefreshWhileRunning({ running }: { running: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => router.refresh(), 2000);
    return () => clearInterval(timer);
  }, [running, router]);
  return null;
}
