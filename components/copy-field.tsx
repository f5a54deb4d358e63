"use client";

import { useId, useRef, useState } from "react";

/** A read-only snippet with a copy button that says when it copied. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [state, setState] = useState<"idle" | "copied" | "select">("idle");
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          className="w-full rounded-md border border-zinc-400 bg-zinc-50 px-2 py-1 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-900"
        />
        <button
          type="button"
          aria-label={`Copy ${label}`}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              setState("copied");
            } catch {
              // No clipboard (plain http, permissions): select the text for a manual copy.
              input.current?.select();
              setState("select");
            }
          }}
          className="rounded-md border border-zinc-400 px-3 py-1 text-sm dark:border-zinc-600"
        >
          {state === "copied" ? "Copied" : "Copy"}
        </button>
      </div>
      <p role="status" className="min-h-5 text-sm">
        {state === "copied" ? `${label} copied.` : state === "select" ? "Selected: press Ctrl+C (⌘C) to copy." : ""}
      </p>
    </div>
  );
}
