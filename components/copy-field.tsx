"use client";

import { useId, useState } from "react";

/** A read-only snippet with a copy button that says when it copied. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
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
          onClick={async () => {
            await navigator.clipboard.writeText(value);
            setCopied(true);
          }}
          className="rounded-md border border-zinc-400 px-3 py-1 text-sm dark:border-zinc-600"
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
