import { catalogEntries } from "@/lib/catalog";

export const dynamic = "force-dynamic";
export const metadata = {
  alternates: { canonical: "/pricing" },
  title: "Pricing — Website Intelligence",
  description: "Every capability and its price per call in USDC, paid with x402 v2. No subscription, nothing charged for a failed call.",
};

export default function Pricing() {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Pricing</h1>
      <p className="mt-3">
        One price per call, in USDC, paid inside the request with x402 v2. No subscription and no account; a call that fails costs nothing.
      </p>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Price per call of every capability</caption>
          <thead>
            <tr className="border-b border-zinc-300 dark:border-zinc-700">
              <th scope="col" className="py-2 pr-4">
                Capability
              </th>
              <th scope="col" className="py-2 pr-4">
                Request
              </th>
              <th scope="col" className="py-2">
                Price (USDC)
              </th>
            </tr>
          </thead>
          <tbody>
            {catalogEntries().map((e) => (
              <tr key={e.id} className="border-b border-zinc-200 align-top dark:border-zinc-800">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {e.title}
                  <p className="mt-1 font-normal text-zinc-700 dark:text-zinc-300">{e.description}</p>
                </th>
                <td className="py-2 pr-4 font-mono">{e.methods.map((m) => `${m} ${e.path}`).join(", ")}</td>
                <td className="py-2">{e.priceUsd ?? "free"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
