/** Paths open without a token: the health and readiness checks and the API documentation. */
export const PUBLIC_PATHS: readonly string[] = ['/health', '/ready', '/openapi.json', '/asyncapi.json'];

/** Folders open without a token: Swagger UI and the `/ui` page, whose own API calls carry the token. */
const PUBLIC_FOLDERS: readonly string[] = ['/docs', '/ui'];

/** Whether a path is open without a token: one of {@link PUBLIC_PATHS}, or in one of {@link PUBLIC_FOLDERS}. */
export const isPublicPath = (path: string): boolean =>
  PUBLIC_PATHS.includes(path) || PUBLIC_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`));
