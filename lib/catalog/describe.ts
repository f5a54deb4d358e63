import { paymentSettings } from "../payments/settings";
import { usdcToAtomic } from "../payments/settings";
import { CAPABILITY_VERSIONS, SERVICE_VERSION, X402_PACKAGES_VERSION, X402_VERSION } from "../version";
import { catalogEntries } from "./index";

/** Machine-readable version data (GET /version), generated from the catalog and settings. */
export function versionInfo() {
  const settings = paymentSettings();
  return {
    service: "website-intelligence",
    version: SERVICE_VERSION,
    capability_versions: CAPABILITY_VERSIONS,
    x402: {
      version: X402_VERSION,
      sdk_version: X402_PACKAGES_VERSION,
      scheme: "exact",
      network: settings.network,
      asset: settings.asset,
      asset_name: settings.assetName,
      asset_version: settings.assetVersion,
      pay_to: settings.payTo,
      payments_mode: settings.mode,
    },
    endpoints: catalogEntries().map((e) => ({
      id: e.id,
      title: e.title,
      path: e.path,
      methods: e.methods,
      price_usdc: e.priceUsd,
      price_atomic: e.priceUsd ? usdcToAtomic(e.priceUsd) : null,
      settlement: e.settlement,
      capability_version: e.capabilityVersion,
    })),
  };
}
