import { ServiceError } from "../errors";
import { freeRoute } from "./free-route";
import { errorResponse } from "./respond";

/** JSON 404 for unknown API paths (pages get Next's HTML 404). */
export const apiNotFound = freeRoute(
  "not-found",
  async (request, requestId) =>
    errorResponse(new ServiceError("NOT_FOUND", `No endpoint at ${new URL(request.url).pathname}; see /version for the list.`), requestId),
  { methods: ["GET", "POST"] },
);
