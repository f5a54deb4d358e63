import { getConfig } from "@/lib/config";

export const dynamic = "force-dynamic";

export const metadata = {
  title: "Security contact — Website Intelligence",
  description: "How to report a vulnerability in this deployment.",
};

export default function Security() {
  const contact = getConfig().SECURITY_CONTACT;
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Reporting a vulnerability</h1>
      <p className="mt-4">
        {contact ? (
          <>
            Report vulnerabilities to{" "}
            <a className="underline" href={contact}>
              {contact}
            </a>
            .
          </>
        ) : (
          "This deployment has not named a security contact yet: its operator sets SECURITY_CONTACT. Until then, report issues to whoever operates this host."
        )}
      </p>
    </main>
  );
}
