export { isPublicAddress, isBlockedHostname } from "./address-guard";
export { parseConnectTo } from "./connect-to";
export { parseTargetUrl, checkTargetUrl, MAX_URL_LENGTH } from "./input-url";
export { resolveTarget, systemResolver, type Resolver } from "./resolve";
export { safeFetch, MB, type FetchedPage, type SafeFetchOptions } from "./safe-fetch";
