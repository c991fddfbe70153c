/** The message of anything thrown, without the `Error: ` prefix a stringified error would carry. */
export function errorMessage(error: unknown): string {
  let text: string;
  if (error instanceof Error) text = error.message === '' ? error.name : error.message;
  else if (typeof error === 'string') text = error;
  else {
    try {
      text = JSON.stringify(error) ?? String(error);
    } catch {
      text = String(error);
    }
  }
  return text.replace(/^Error: /, '');
}
